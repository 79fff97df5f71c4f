"""Showing untrusted text through Markdown-rendering Streamlit calls, with no secret the process knows in it."""

from __future__ import annotations

import re

from rubric_core.redaction import redact

_MD_SPECIAL = set("\\`*_{}[]()#+-.!<>|~&$")
RUN_ID_RE = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


def md(text: object) -> str:
    """Escape Markdown (and the HTML Markdown would pass) so text shows exactly as typed."""
    escaped = "".join("\\" + ch if ch in _MD_SPECIAL else ch for ch in redact(str(text))).replace("\n", " ")
    # GFM turns a bare URL ("http://...", "www." is already broken by its escaped dot) into a link whose text
    # kept the backslashes of the escapes inside it: a typed "[a](http://x)" showed "x" then a backslash and ")".
    # An escaped colon before "//" is no URL, and shows as ":".
    return escaped.replace("://", "\\://")


WORD_JOINER = "\u2060"


_LABEL_SPECIAL = set("\\`*_{}[]<>|~$")


def label(text: object) -> str:
    """Untrusted text as a widget's label. A label is inline Markdown whose raw text is also the field's
    accessible name, so only what would make markup is escaped (md() put a backslash before each parenthesis and
    hyphen, and a screen reader read them out), and nothing becomes a link: GFM links a bare e-mail address,
    "www." and "://" on their own (a pause panel's "Ends with jobs@beanthere.co.uk (grader: fail)" drew a mailto
    link), so a word joiner, drawn as nothing, breaks each."""
    escaped = "".join("\\" + ch if ch in _LABEL_SPECIAL else ch for ch in str(text)).replace("\n", " ")
    for link in ("@", "www.", "://"):
        escaped = escaped.replace(link, link[0] + WORD_JOINER + link[1:])
    return escaped


def code(text: object) -> str:
    """Text as a Markdown code span, shown exactly as typed: nothing is escaped inside a code span (a path drew as
    `deep\\_research` with md() there), so only a backtick, which would end the span, is replaced, and line
    breaks are spaces."""
    return "`" + redact(str(text)).replace("`", "'").replace("\n", " ") + "`"


def valid_run_id(value: str | None) -> bool:
    """Whether a run id (from a URL or a file) has the shape the store gives ids."""
    return bool(value) and RUN_ID_RE.match(value or "") is not None


_HEADING_RE = re.compile(r"^( {0,3})(#{1,6})(?=\s|$)")


def safe_markdown(text: str) -> str:
    """Run text as Markdown with images disabled (nothing fetched from a run's URLs).

    Raw HTML is never rendered: `st.markdown` without `unsafe_allow_html` shows tags as text. A draft's
    headings are shown three levels down (`#` as `####`), so a draft never outranks the page's own headings.
    """
    out, fenced = [], False
    for line in redact(str(text)).replace("![", "!\\[").split("\n"):
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
        elif not fenced:
            line = _HEADING_RE.sub(lambda m: m.group(1) + "#" * min(6, len(m.group(2)) + 3), line)
        # A line break in a draft is a line break on screen (a haiku keeps its three lines).
        out.append(line if fenced or not line.strip() else line + "  ")
    return "\n".join(out)
