"""Drawing a fragment so that a Streamlit queue race cannot wipe out what follows it on the page.

Streamlit 1.67 clears the outgoing message queue of a fragment's deltas when a run of that fragment
starts (`ForwardMsgQueue.clear(fragment_ids_this_run=...)`). When a polling fragment's run was queued
while a full page run was drawing, it starts right after that run, often before the full run's messages
have been sent: the full run's own drawing of the fragment is dropped while its "finished" message is
kept. The browser then removes the fragment's old block as stale, the later siblings move up one
place, and the fragment run writes into the place of the element that followed it (the Run page lost
its draft and verdicts this way, about one run in fifteen on a loaded machine).

Drawn inside a plain container created by the page run itself, the fragment's block is the
container's only child: the container keeps its place whatever happens to the fragment's deltas, and
the fragment run fills it again.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st


def draw_fragment(fragment: Callable[[], None], *, key: str | None = None) -> None:
    """Call a `st.fragment` function in a container of its own (see the module docstring); `key` names the
    container (its CSS class is `st-key-<key>`)."""
    with st.container(key=key):
        fragment()
