"""The run view as ONE element: a Streamlit components v2 element drawn in the page (no iframe) from one payload.

Each Streamlit element costs the browser time to draw (bench/scale.py: about 45 of them on a run page); this
one draws a run's verdict line, chips, task, draft, criteria with their checks, and heatmap from the JSON of
`rubric_core.views.run_payload`, and Present's replay from the same. Its JavaScript (run_element.js) sets run
text with textContent only; no `unsafe_allow_javascript` anywhere. Clicks the page keeps (a chip, a heatmap
cell) come back as the element's state, which the next payload carries as `chosen`.
"""

from __future__ import annotations

from functools import lru_cache, partial
from pathlib import Path
from typing import Any

import streamlit as st

from rubric_core.views.run_payload import Mode, run_payload
from rubric_core.views.run_view import RunView
from rubric_ui.widgets.cell_links import cell_from_address
from rubric_ui.widgets.run_address import chosen_iteration, keep_iteration

NAME = "rubric_studio.run_view"
"""The component's name (unique in the app)."""
HTML = '<div class="rs-rv" data-testid="rs-run-view"></div>'
"""The element's root; the JavaScript draws into it."""
_HERE = Path(__file__).resolve().parent
_PAYLOADS = "run_element_payload"
"""Session key: (what the last payload was built from, that payload)."""


@lru_cache(maxsize=1)
def _component() -> Any:
    # Registered on first use, once per process: the JavaScript and CSS are read from the package's files.
    return st.components.v2.component(
        NAME,
        html=HTML,
        css="\n".join((_HERE / name).read_text(encoding="utf-8") for name in ("run_element.css", "run_live.css")),
        # run_live.js (the live preview) first: run_element.js is the module and calls its drawLive.
        js="\n".join((_HERE / name).read_text(encoding="utf-8") for name in ("run_live.js", "run_element.js")),
        isolate_styles=False,  # in the page's own DOM: the app's font, and markers tests and benchmarks can see
    )


def _kept() -> None:
    """A chip or a cell was clicked: the element's state holds it; the rerun draws it into the payload."""


def element_key(run_id: str, mode: Mode) -> str:
    """The element's key: one per run, so a choice made on one run never shows on another."""
    return f"rs_{mode}_view_{run_id}"


def show_run_element(
    view: RunView,
    *,
    mode: Mode = "run",
    reviews: list[dict] | None = None,
    cancelling: bool = False,
    live: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Draw `view` as the run view element; returns the payload it was given (tests and callers read it).

    `live`: the run's live preview (views/live_payload.py), drawn in a slot of its own with a stamp of its own, so
    a new token redraws that slot only."""
    key = element_key(view.run_id, mode)
    held = st.session_state.get(key) if mode == "run" else None
    chosen = dict(held) if isinstance(held, dict) else {}
    if mode == "run":  # the address says which iteration is on screen: a reload or a link shows the same one
        chosen["iteration"] = chosen_iteration(view.run_id) or chosen.get("iteration")
    cell = cell_from_address(view.run_id) if mode == "run" and not chosen.get("cell") else None
    if cell is not None:  # a link to one cell (the Assistant's findings): its iteration, its criterion chosen
        chosen["iteration"] = chosen.get("iteration") or cell[0]
        chosen["cell"] = cell[1]
    # A live run's page polls ten times a second, mostly finding nothing new: the payload is built again only
    # when the run moved on (its last event, status), or what else it shows changed.
    moment = (view.run_id, mode, view.last_seq, view.status, view.ended, cancelling, repr(reviews), repr(chosen))
    cached = st.session_state.get(_PAYLOADS)
    if cached is not None and cached[0] == moment:
        payload = cached[1]
    else:
        payload = run_payload(view, reviews=reviews, cancelling=cancelling, mode=mode, chosen=chosen)
        st.session_state[_PAYLOADS] = (moment, payload)
    if live is not None:
        payload = {**payload, "live_preview": live}  # a copy: the cached payload stays the events' alone
    if mode == "run":
        _component()(
            key=key,
            data=payload,
            default={"iteration": None, "cell": None},
            on_iteration_change=partial(keep_iteration, key),
            on_cell_change=_kept,
        )
    else:
        _component()(key=key, data=payload)
    return payload


def show_run_heatmap(view: RunView, *, reviews: list[dict] | None = None) -> None:
    """The run's heatmap alone, as the run view draws it (a cell's verdict, check, gap and draft beside the grid):
    the Runs page's preview and Compare. Clicks stay in the page."""
    show_run_element(view, mode="heatmap", reviews=reviews)


def preload_run_element() -> None:
    """Draw the element empty (nothing shows), so the browser has its code before a run starts here: the first
    draw of a run just started was late by the fetch of Streamlit's component code and the element's script, and
    a short first draft had been written before the live view showed "writing draft 1"."""
    _component()(key="rs_run_view_preload", data={"mode": "idle"}, height=0)
