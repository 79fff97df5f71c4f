"""The marker every full script run draws last: what the browser tests wait for before they type."""

from __future__ import annotations

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx


def mark_drawn(*, main: bool = False) -> None:
    """A hidden marker drawn last by every full script run.

    The browser's "script not running" state also holds before a page's first run has started, so it
    cannot tell a page that is drawn from one that is about to be. The browser tests wait for this marker
    (with the app idle) before they type into a page. app.py draws it after the page, and a page that
    stops early draws it before `st.stop()` (nothing is drawn after a stop is requested). Not drawn by
    fragment runs: the full run's marker stays.
    """
    ctx = get_script_run_ctx()
    if ctx is None or ctx.fragment_ids_this_run:
        return
    # Present, and the pages drawn alone (sign in, no role, a shared run), have no sidebar.
    where = st if main or st.query_params.get("view") == "present" else st.sidebar
    where.html('<span class="rs-drawn" hidden></span>')
