"""Word-level diffs between revisions (diff-match-patch), rendered as escaped HTML.

Every piece of text is escaped before it is wrapped in markup: drafts and
files come from models and are never trusted.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

from diff_match_patch import diff_match_patch

Op = tuple[int, str]
_TOKEN_RE = re.compile(r"\s+|\w+|[^\w\s]", re.UNICODE)


def word_diff(before: str, after: str) -> list[Op]:
    """(op, text) pieces: -1 deleted, 0 kept, 1 inserted, at word granularity."""
    dmp = diff_match_patch()
    vocab: dict[str, str] = {}
    words: list[str] = []

    def encode(text: str) -> str:
        out = []
        for token in _TOKEN_RE.findall(text):
            if token not in vocab:
                # Each distinct word becomes one character, so the character diff is a word diff.
                vocab[token] = chr(len(words) + 0xE000) if len(words) < 6400 else chr(len(words) + 0x10000)
                words.append(token)
            out.append(vocab[token])
        return "".join(out)

    a, b = encode(before), encode(after)
    diffs = dmp.diff_main(a, b, False)
    dmp.diff_cleanupSemantic(diffs)
    decode = {v: k for k, v in vocab.items()}
    return [(op, "".join(decode[ch] for ch in chunk)) for op, chunk in diffs]


def changed(ops: list[Op]) -> bool:
    """Whether the diff has any insertion or deletion."""
    return any(op != 0 for op, _ in ops)


def _piece(op: int, text: str) -> str:
    safe = html.escape(text).replace("\n", "<br>")
    if op < 0:
        return f'<del class="rs-del">{safe}</del>'
    if op > 0:
        return f'<ins class="rs-ins">{safe}</ins>'
    return f"<span>{safe}</span>"


DIFF_CSS = (
    "<style>.rs-diff{font-family:ui-monospace,monospace;font-size:0.9rem;line-height:1.5;white-space:pre-wrap;"
    "border:1px solid #d0d7de;border-radius:6px;padding:0.6rem;overflow-wrap:anywhere}"
    ".rs-del{background:#ffd7d5;text-decoration:line-through;color:#82071e}"
    ".rs-ins{background:#ccffd8;text-decoration:none;color:#055d20}"
    ".rs-cols{display:grid;grid-template-columns:1fr 1fr;gap:0.6rem}</style>"
)


def inline_html(ops: list[Op]) -> str:
    """One column: deletions struck through, insertions highlighted."""
    return '<div class="rs-diff">' + "".join(_piece(op, t) for op, t in ops) + "</div>"


def side_by_side_html(ops: list[Op], *, left: str = "before", right: str = "after") -> str:
    """Two columns: the old text with deletions, the new text with insertions."""
    old = "".join(_piece(op, t) for op, t in ops if op <= 0)
    new = "".join(_piece(op, t) for op, t in ops if op >= 0)
    return (
        f'<div class="rs-cols"><div><b>{html.escape(left)}</b><div class="rs-diff">{old}</div></div>'
        f'<div><b>{html.escape(right)}</b><div class="rs-diff">{new}</div></div></div>'
    )


@dataclass
class FileDiff:
    """How one file changed between two revisions."""

    path: str
    status: str
    """added, removed, changed or unchanged."""
    ops: list[Op]


def files_diff(before: dict[str, str], after: dict[str, str]) -> list[FileDiff]:
    """Per-file word diffs, sorted by path."""
    out = []
    for path in sorted(set(before) | set(after)):
        a, b = before.get(path), after.get(path)
        if a is None:
            status = "added"
        elif b is None:
            status = "removed"
        else:
            status = "changed" if a != b else "unchanged"
        out.append(FileDiff(path, status, word_diff(a or "", b or "")))
    return out
