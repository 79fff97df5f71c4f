"""What the Run page shows of a run, kept in its address: the chosen iteration (`it`) and the view below the run
(`more`: the Diff or the Transcript). A reload, a bookmark or a link opens the run as it was on screen.

`it` counts from 1 as the page does: `it=2` is iteration 2 (of the first turn), `it=2.3` is turn 2's iteration 3.
"""

from __future__ import annotations

import re

import streamlit as st

from rubric_ui.session.state import RUN_VIEW_PARAMS

ITERATION_PARAM, VIEW_PARAM = RUN_VIEW_PARAMS
_ITERATION = re.compile(r"^(?:(\d{1,3})\.)?(\d{1,3})$")


def iteration_param(key: str | None) -> str | None:
    """The element's iteration key ("turn:iteration", 0-based) as the address says it ("2", "2.3")."""
    found = re.fullmatch(r"(\d+):(\d+)", key or "")
    if found is None:
        return None
    turn, iteration = int(found.group(1)), int(found.group(2))
    return f"{iteration + 1}" if turn == 0 else f"{turn + 1}.{iteration + 1}"


def iteration_key(param: str | None) -> str | None:
    """The address's `it` as the element's key; None when it is not an iteration (an address typed by hand)."""
    found = _ITERATION.match((param or "").strip())
    if found is None or found.group(2) == "0" or found.group(1) == "0":
        return None
    turn = int(found.group(1) or 1) - 1
    return f"{turn}:{int(found.group(2)) - 1}"


_OWNER = "run_address_run"
"""Session key: the run the address's iteration was last read for (it names an iteration of that run only)."""


def chosen_iteration(run_id: str) -> str | None:
    """The iteration the address asks for (the element's key), if any.

    The page moves from run to run without leaving the address (a link, ?run= typed over): an iteration chosen on
    one run is not carried to the next. A new session (a reload, a shared link) takes the address as it is."""
    owner = st.session_state.get(_OWNER)
    st.session_state[_OWNER] = run_id
    if owner is not None and owner != run_id:
        st.query_params.pop(ITERATION_PARAM, None)
        return None
    return iteration_key(st.query_params.get(ITERATION_PARAM))


def keep_iteration(element_key: str) -> None:
    """on_iteration_change of the run view element: its new choice goes into the address (none: the newest)."""
    held = st.session_state.get(element_key)
    param = iteration_param(held.get("iteration") if isinstance(held, dict) else None)
    if param is None:
        st.query_params.pop(ITERATION_PARAM, None)
    else:
        st.query_params[ITERATION_PARAM] = param


def view_from_address(widget_key: str, views: list[str]) -> None:
    """Before the Diff / Transcript control is drawn: a session that has not chosen yet takes the address's view."""
    asked = str(st.query_params.get(VIEW_PARAM) or "").strip().lower()
    if widget_key not in st.session_state:
        match = next((v for v in views if v.lower() == asked), None)
        if match is not None:
            st.session_state[widget_key] = match


def keep_view(choice: str | None) -> None:
    """After it is drawn: the view shown goes into the address (none when neither is open)."""
    wanted = choice.lower() if choice else None
    if st.query_params.get(VIEW_PARAM) == wanted:
        return
    if wanted is None:
        st.query_params.pop(VIEW_PARAM, None)
    else:
        st.query_params[VIEW_PARAM] = wanted
