"""What a browser session keeps across page switches: the editor's fields and the run it watches.

Streamlit drops a widget's value as soon as a script run does not draw that widget (going to Runs
and back empties the editor). Writing the value back under the same key at the top of every run
makes it an ordinary session value that survives (the documented multipage workaround).
"""

from __future__ import annotations

import streamlit as st

from rubric_ui.editor import DEFAULTS

KEPT_KEYS = (*DEFAULTS, "run_example", "run_library_pick", "run_view", "run_edit_open")
"""Widget keys of the Run page whose values outlive a visit to another page."""
ATTACHED = "run_attached"
"""Session key: the run the Run page showed last (restored as ?run= when the page is opened bare)."""


def keep_widget_state() -> None:
    """Re-save the kept widget values so leaving the Run page does not drop them (call on every page)."""
    for key in KEPT_KEYS:
        if key in st.session_state:
            st.session_state[key] = st.session_state[key]


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
