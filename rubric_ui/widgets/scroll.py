"""Bring a part of the page into sight once: after Start, the new run's header (Streamlit keeps the scroll).

Streamlit has no scroll command. A frame of our own, hidden, holds one constant script that scrolls the host
page's element into view; the frame's policy admits that script by its hash and nothing else, and the frame
carries no run text. The Run page draws it at one place in each full page run from Start to the run's end, so
the browser keeps one frame and its script runs once; the script stops at the reader's first wheel, touch, key or
mouse press, so the page never jumps while someone reads it.
"""

from __future__ import annotations

import base64
import hashlib

import streamlit as st

HEADER = "st-key-rs_run_header"
"""The CSS class of the Run page's run container: Cancel or Resume, then the run view element, whose top is the
task and the verdict line (the progress line while live, the final banner after)."""

# Scrolls as soon as the header exists, then keeps it in sight while the page run that drew this frame is still
# settling: under load the previous page's stale elements above the header (the editor a Start folded) are
# removed only after the scroll, and the header then slid above the window. It stops for good at the first
# wheel, touch, key or mouse press of the reader, once the app has been idle for a moment with the header drawn,
# or after about 15 s; the frame goes with the next full page run.
_SCROLL_JS = (
    "(function(){var w=window.parent,d=w.document,n=0,calm=0,off=false,"
    "evs=['wheel','touchstart','keydown','mousedown'],h=function(){off=true;};"
    "function end(){evs.forEach(function(e){w.removeEventListener(e,h,true);});}"
    "evs.forEach(function(e){w.addEventListener(e,h,true);});window.addEventListener('unload',end);"
    "function go(){if(off){end();return;}var el=d.querySelector('." + HEADER + "'),"
    "app=d.querySelector('[data-testid=\"stApp\"]');"
    "if(el){var r=el.getBoundingClientRect();if(r.top<0||r.top>w.innerHeight/4)el.scrollIntoView({block:'start'});"
    "var idle=app&&app.getAttribute('data-test-script-state')==='notRunning'&&r.height>0;"
    "calm=idle?calm+1:0;if(calm>10){end();return;}}"
    "if(++n<300)setTimeout(go,50);else end();}go();})();"
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
        st.iframe(_DOC, height=1)  # hidden (display:none): nothing for a screen reader
