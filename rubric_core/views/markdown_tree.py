"""A draft's Markdown as a tree of plain data, for a view that builds it with DOM calls and never parses HTML.

The run view element (rubric_ui/widgets/run_element) draws a draft from this tree: each node is a tag from
`TAGS` with its children, each leaf a string set as text. Nothing in a draft becomes markup by itself: raw
HTML stays text (markdown-it's `html` option is off), an image is its alt text (nothing is fetched), and a
link keeps its address only when it is http, https or mailto. As `rubric_ui.safe.safe_markdown` does for
Streamlit's Markdown, a draft's headings are shown three levels down (`#` as h4), so a draft never outranks
the page's own headings, and a line break in a draft is a line break on screen (a haiku keeps its lines).
"""

from __future__ import annotations

import functools
from typing import Any

TAGS = frozenset(
    {
        "p", "h4", "h5", "h6", "ul", "ol", "li", "blockquote", "pre", "code", "hr", "br",
        "table", "thead", "tbody", "tr", "th", "td", "strong", "em", "s", "a",
    }
)  # fmt: skip
"""Every tag a tree may hold; the element draws anything else as a plain span (it never sees one)."""
SAFE_SCHEMES = ("http://", "https://", "mailto:")
"""A link keeps its address only with one of these (no javascript:, data: or relative address)."""

Node = dict[str, Any] | str
"""A node: {"t": tag, "c": [children]} (an "a" also has "href", an "ol" may have "start"), or a text leaf."""

_HEADINGS = {"h1": "h4", "h2": "h5"}  # h3 and below: h6
_WRAPS = {
    "paragraph": "p",
    "bullet_list": "ul",
    "ordered_list": "ol",
    "list_item": "li",
    "blockquote": "blockquote",
    "table": "table",
    "thead": "thead",
    "tbody": "tbody",
    "tr": "tr",
    "th": "th",
    "td": "td",
    "strong": "strong",
    "em": "em",
    "s": "s",
    "link": "a",
}


@functools.lru_cache(maxsize=1)
def _parser() -> Any:
    # Built lazily, so importing the views costs nothing until a draft is drawn.
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": False, "breaks": True}).enable(["table", "strikethrough"])


def safe_href(href: str) -> str:
    """The address itself when its scheme is one of SAFE_SCHEMES, else ''."""
    href = href.strip()
    return href if href.lower().startswith(SAFE_SCHEMES) else ""


def _fold(tokens: list[Any]) -> list[Node]:
    """Block or inline tokens (markdown-it's flat stream with opening and closing tokens) into a tree."""
    root: dict[str, Any] = {"t": "", "c": []}
    stack = [root]
    for tok in tokens:
        top = stack[-1]
        kind = tok.type
        if kind.endswith("_open"):
            if tok.hidden:  # a tight list's paragraph: its inline content goes in the list item itself
                continue
            base = kind[: -len("_open")]
            if base == "heading":
                node: dict[str, Any] = {"t": _HEADINGS.get(tok.tag, "h6"), "c": []}
            else:
                node = {"t": _WRAPS.get(base, "p"), "c": []}
            if base == "link":
                node["href"] = safe_href(str(tok.attrGet("href") or ""))
            if base == "ordered_list" and tok.attrGet("start") not in (None, 1, "1"):
                node["start"] = int(str(tok.attrGet("start")))
            top["c"].append(node)
            stack.append(node)
        elif kind.endswith("_close"):
            if not tok.hidden and len(stack) > 1:
                stack.pop()
        elif kind == "inline":
            top["c"].extend(_fold(tok.children or []))
        elif kind in ("text", "html_inline", "html_block"):
            _text(top, tok.content)
        elif kind == "code_inline":
            top["c"].append({"t": "code", "c": [tok.content]})
        elif kind in ("fence", "code_block"):
            top["c"].append({"t": "pre", "c": [{"t": "code", "c": [tok.content]}]})
        elif kind in ("softbreak", "hardbreak"):
            top["c"].append({"t": "br", "c": []})
        elif kind == "hr":
            top["c"].append({"t": "hr", "c": []})
        elif kind == "image":  # its alt text, never the picture: nothing of a run's is fetched
            alt = "".join(c.content for c in tok.children or [] if c.type == "text")
            _text(top, f"[image: {alt}]" if alt else "[image]")
        elif tok.content:
            _text(top, tok.content)
    return root["c"]


def _text(node: dict[str, Any], text: str) -> None:
    children = node["c"]
    if children and isinstance(children[-1], str):
        children[-1] += text
    elif text:
        children.append(text)


@functools.lru_cache(maxsize=512)
def _tree(text: str) -> tuple[Node, ...]:
    return tuple(_fold(_parser().parse(text)))


def markdown_tree(text: str) -> list[Node]:
    """The Markdown of `text` as a list of block nodes (see the module docstring)."""
    # Cached by text: a live run's payload is rebuilt every poll, with the same drafts each time.
    return list(_tree(str(text)))
