"""A whole-number field with a range that a typed number past it cannot leave silently.

Streamlit's number_input with min_value/max_value refuses a number past a bound in the browser: the field
turns red, the number is never sent, and the next action runs with the old value without a word. Here the
field has no bounds of its own: what is typed reaches the app, a number past a bound becomes that bound, and
the page says so under the field.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import streamlit as st

_CLAMPED = "{key}__clamped"


def _clamp(key: str, lo: int, hi: int) -> None:
    value = st.session_state.get(key)
    if isinstance(value, int | float) and not lo <= value <= hi:
        bound = lo if value < lo else hi
        st.session_state[_CLAMPED.format(key=key)] = (int(value), bound)
        st.session_state[key] = bound
    else:
        st.session_state.pop(_CLAMPED.format(key=key), None)


def forget_clamp(key: str) -> None:
    """A value set by the app (a loaded example, a preset) replaces a typed one: no note about it."""
    st.session_state.pop(_CLAMPED.format(key=key), None)


def bounded_number(label: str, key: str, lo: int, hi: int, *, where: Any = None, **kwargs: Any) -> int:
    """A number field held to lo..hi (the label should say the range); the value it holds."""
    target = where if where is not None else st
    target.number_input(label, step=1, key=key, on_change=partial(_clamp, key, lo, hi), **kwargs)
    clamped = st.session_state.get(_CLAMPED.format(key=key))
    value = st.session_state.get(key)
    if clamped is not None and value == clamped[1]:
        typed, bound = clamped
        low = bound == lo
        name = label.split(" (")[0]
        target.warning(
            f"{typed:,} is {'less' if low else 'more'} than allowed: {name} is set to {bound}, "
            f"its {'lowest' if low else 'highest'} value.",
            icon=":material/info:",
        )
    return int(value) if isinstance(value, int | float) else lo
