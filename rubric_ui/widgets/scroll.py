"""Bring a part of the page into sight once: after Start, the new run's header (Streamlit keeps the scroll).

Streamlit has no scroll command. A frame of our own, hidden, holds one constant script that scrolls the host
page's element into view; the frame's policy admits that script by its hash and nothing else, and the frame
carries no run text. It is drawn by one page run only, so the page never jumps while someone reads it.
"""

from __future__ import annotations

import base64
import hashlib

import streamlit as st

HEADER = "st-key-rs_run_header"
"""The CSS class of the Run page's run container: Cancel or Resume, then the run view element, whose top is the
task and the verdict line (the progress line while live, the final banner after)."""

_SCROLL_JS = (
    "(function(){var n=0;function go(){var el=window.parent.document.querySelector('." + HEADER + "');"
    "if(el){el.scrollIntoView({block:'start'});return;}if(++n<120)requestAnimationFrame(go);}go();})();"
)
_CSP = (
    f"default-src 'none'; script-src 'sha256-{base64.b64encode(hashlib.sha256(_SCROLL_JS.encode()).digest()).decode()}'"
)
_DOC = (
    f"<!doctype html><html><head><meta http-equiv='Content-Security-Policy' content=\"{_CSP}\"></head>"
    f"<body><script>{_SCROLL_JS}</script></body></html>"
)
SCROLL_CSS = (
    "<style>.st-key-rs_scroll_once{display:none}"
    # Clear of Streamlit's own bar at the top of the page, which would cover the header's first line.
    f".{HEADER}{{scroll-margin-top:4rem}}</style>"
)


def bring_run_header_into_view() -> None:
    """Scroll the page so the run's header is at the top of the window (call from one page run only)."""
    st.html(SCROLL_CSS)
    with st.container(key="rs_scroll_once"):
        st.iframe(_DOC, height=1, alt="")
