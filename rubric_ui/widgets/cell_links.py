"""Links to one cell of a run (a criterion at an iteration): the Run page opens the run at that iteration with the
criterion's heatmap cell chosen (`it` as the Run page's address says it, `crit` the criterion's place from 1)."""

from __future__ import annotations

import re
from urllib.parse import urlencode

import streamlit as st

from rubric_ui.safe import md, valid_run_id
from rubric_ui.session.state import CELL_PARAM

_IT = re.compile(r"^(?:(\d{1,3})\.)?(\d{1,3})$")
_OWNER = "cell_address_run"
"""Session key: the run the address's `crit` was last read for (it names a cell of that run only)."""


def cell_href(run_id: str, turn: int, iteration: int, position: int | None = None) -> str | None:
    """The Run page's address of a cell (turn, iteration and position from 0); None for a run id that is not one."""
    if not valid_run_id(run_id):
        return None
    params = {"run": run_id, "it": f"{iteration + 1}" if turn == 0 else f"{turn + 1}.{iteration + 1}"}
    if position is not None:
        params[CELL_PARAM] = str(position + 1)
    return "./?" + urlencode(params)  # the Run page is the app's default page: its address is the root


def cell_link(run_id: str, turn: int, iteration: int, position: int | None, label: str) -> str:
    """A Markdown link to the cell (its label escaped), or the label alone for an id that is not a run's."""
    href = cell_href(run_id, turn, iteration, position)
    return md(label) if href is None else f"[{md(label)}]({href})"


def cell_from_address(run_id: str) -> tuple[str, str] | None:
    """(iteration key "turn:iteration", cell key "turn:criterion:iteration") the address asks the Run page to show
    (`it` and `crit`, both counted from 1), or None. A `crit` read for one run is dropped when the page moves to
    another run, as the iteration is."""
    owner = st.session_state.get(_OWNER)
    st.session_state[_OWNER] = run_id
    crit = str(st.query_params.get(CELL_PARAM) or "").strip()
    if owner is not None and owner != run_id:
        st.query_params.pop(CELL_PARAM, None)
        return None
    found = _IT.match(str(st.query_params.get("it") or "").strip())
    if found is None or not crit.isdigit() or not 1 <= int(crit) <= 999 or found.group(2) == "0":
        return None
    turn, iteration = int(found.group(1) or 1) - 1, int(found.group(2)) - 1
    if turn < 0:
        return None
    return f"{turn}:{iteration}", f"{turn}:{int(crit) - 1}:{iteration}"
