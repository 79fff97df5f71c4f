"""The matrix as ONE element: a components v2 element drawn from one JSON payload (rubric_core/views/matrix_view.py).

200 items x 6 columns as Streamlit elements would be 1,200 of them; drawn here, it is one. The element filters rows
by mode, by a baseline's click and by the search's matches in the browser (a mode switch asks nothing of the
server) and sends back what the user chose: the mode and the baseline filter as state values, a picked pair of
cells as a trigger. Text is written with textContent only (assets/matrix.js); nothing in the payload is HTML.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import streamlit as st

ASSETS = Path(__file__).resolve().parents[1] / "assets"
NAME = "rubric_studio_matrix"


@cache
def _component() -> Any:
    # Registered once per process: Streamlit keeps the definition by name (a second registration warns).
    return st.components.v2.component(
        NAME,
        html='<div class="rs-mx-root"></div>',
        css=(ASSETS / "matrix.css").read_text(encoding="utf-8"),
        js=(ASSETS / "matrix.js").read_text(encoding="utf-8"),
        isolate_styles=False,
    )


def matrix_element(payload: dict[str, Any], *, key: str) -> Any:
    """Draw the matrix; returns the element's result (`mode`, `only`: state values; `pair`: a one-run trigger)."""
    return _component()(
        key=key,
        data=payload,
        default={"mode": payload["mode"], "only": payload["only"] or ""},
        on_mode_change=_noop,
        on_only_change=_noop,
        on_pair_change=_noop,
    )


def _noop() -> None:
    """The element's changes are read from its result where it is drawn (the URL follows them there)."""
