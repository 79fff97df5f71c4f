"""What a browser session keeps across page switches: the editor's fields and the run it watches.

Streamlit drops a widget's value as soon as a script run does not draw that widget (going to Runs
and back empties the editor). Each run copies the kept widgets' values aside, under a key of their
own, and puts a value back only when its widget's state was dropped.

Writing every value back under its own key at the top of every run (the documented multipage
workaround) is not safe here: a value the script writes is pushed to the browser and replaces what
the field shows, so text typed into one field while the run started by committing another field was
still drawing was wiped out (seen in the browser tests: the Rubric emptied after the Task was
committed). A value is put back only for a widget no earlier run kept, so nothing typed is replaced.
"""

from __future__ import annotations

import streamlit as st

from rubric_ui.editor import DEFAULTS

KEPT_KEYS = (*DEFAULTS, "run_example", "run_library_pick", "run_view", "run_edit_open")
"""Widget keys of the Run page whose values outlive a visit to another page."""
ATTACHED = "run_attached"
"""Session key: the run the Run page showed last (restored as ?run= when the page is opened bare)."""


KEPT_VALUES = "run_kept_values"
"""Session key: {widget key: its last value}, the copy put back when Streamlit dropped the widget's state."""


def keep_widget_state() -> None:
    """Keep the Run page's widget values across page switches (call at the top of every run, on every page)."""
    kept: dict[str, object] = st.session_state.setdefault(KEPT_VALUES, {})
    for key in KEPT_KEYS:
        if key in st.session_state:
            kept[key] = st.session_state[key]
        elif key in kept:
            st.session_state[key] = kept[key]  # dropped while another page was shown: put it back


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
