"""What a browser session keeps across page switches: the editor's fields and the run it watches.

Streamlit does not keep a widget's value for the browser across a page switch: back on the Run page
the editor came up empty (going to Runs and back). Each run copies the kept widgets' values aside,
under a key of its own, and writes them back under their widget keys (which makes Streamlit send
them to the browser) on every other page and on the first run after arriving on the Run page, and
whenever Streamlit dropped one.

While the Run page stays on screen nothing is written back: a value the script writes replaces the
text the field shows, so writing every field on every run (the documented multipage workaround)
wiped text typed into one field while the run started by committing another field was drawing
(seen in the browser tests: the Rubric emptied after the Task was committed).
"""

from __future__ import annotations

import streamlit as st

from rubric_ui.editor import DEFAULTS

KEPT_KEYS = (*DEFAULTS, "run_example", "run_library_pick", "run_view", "run_edit_open")
"""Widget keys of the Run page whose values outlive a visit to another page."""
ATTACHED = "run_attached"
"""Session key: the run the Run page showed last (restored as ?run= when the page is opened bare)."""


RUN_PAGE = "Run"
"""The Run page's title (app.py)."""
LAST_PAGE = "run_last_page"
"""Session key: the title of the page the previous run drew."""
KEPT_VALUES = "run_kept_values"
"""Session key: {widget key: its last value}, the copy put back when Streamlit dropped the widget's state."""


def keep_widget_state(page: str) -> None:
    """Keep the Run page's widget values across page switches (call at the top of every run, on every page).

    `page` is the title of the page this run draws (RUN_PAGE for the Run page).
    """
    kept: dict[str, object] = st.session_state.setdefault(KEPT_VALUES, {})
    arrived = st.session_state.get(LAST_PAGE) != page
    st.session_state[LAST_PAGE] = page
    write_back = arrived or page != RUN_PAGE
    for key in KEPT_KEYS:
        if key in st.session_state:
            kept[key] = st.session_state[key]
            if write_back:
                st.session_state[key] = kept[key]
        elif key in kept:
            st.session_state[key] = kept[key]  # dropped while the field was not drawn: put it back


def attached_run() -> str | None:
    """The run to show: ?run= when given (and remembered), else the one this session watched last."""
    run_id = st.query_params.get("run")
    if run_id:
        st.session_state[ATTACHED] = run_id
        return run_id
    remembered = st.session_state.get(ATTACHED)
    if remembered:
        st.query_params["run"] = remembered
    return remembered


def detach() -> None:
    """Forget the watched run (the Run page shows an empty view; the run itself goes on)."""
    st.session_state.pop(ATTACHED, None)
    st.query_params.pop("run", None)
