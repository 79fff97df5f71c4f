"""A block of agent text shown as it is: escaped into one `<pre>`, not `st.code`.

`st.code` draws through Streamlit's syntax highlighter, a JavaScript chunk that a new tab loads and runs
before the block appears even for `language="text"`: a CDP profile of Present through a share link put about
0.4 s of its JavaScript there (bench/RESULTS.md, section 12). A `<pre>` costs the browser
nothing of the kind. Agent text is untrusted: it is escaped here, and st.html sanitizes what it draws.
"""

from __future__ import annotations

import html

import streamlit as st

PLAIN_CSS = (
    ".rs-plain{white-space:pre-wrap;overflow-wrap:anywhere;margin:0;padding:0.75rem 1rem;border-radius:0.5rem;"
    'background:#f6f8fa;font-family:"Source Code Pro",monospace;font-size:0.875rem;line-height:1.5}'
)
PROSE_CSS = ".rs-plain.rs-prose{font-family:inherit;font-size:1rem;line-height:1.55}"
"""A block read as text (a task, a rubric, an answer) in the page's own font and size, not small monospace."""
PLAIN_CSS += PROSE_CSS
"""Drawn once per page with the page's CSS (widgets/page_style.py)."""


def plain_block(text: str, *, prose: bool = False) -> None:
    """`text` in a preformatted block that wraps, whitespace kept, nothing in it interpreted; `prose` in the
    page's font (for an audience: Present), else monospace."""
    css = "rs-plain rs-prose" if prose else "rs-plain"
    st.html(f'<pre class="{css}">{html.escape(text)}</pre>')
