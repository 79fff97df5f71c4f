"""A run on screen, live or stored: its view loaded incrementally, the run view element, the diff, the transcript."""

from __future__ import annotations

from typing import Any

import streamlit as st

from rubric_core.views.run_payload import is_live as live_view
from rubric_core.views.run_view import RunView
from rubric_ui.session.resources import get_manager, store_or_stop
from rubric_ui.widgets.diff_view import show_revision_diff
from rubric_ui.widgets.run_address import keep_view, view_from_address
from rubric_ui.widgets.run_element import show_run_element
from rubric_ui.widgets.transcript import show_transcript

VIEWS = ["Diff", "Transcript"]
"""What the page draws below the run view element on demand (each is heavy, and neither is needed to follow a run)."""
_CACHE = "run_view_cache"


def load_view(run_id: str) -> RunView | None:
    """The run's view, folded incrementally from the live handle or the store; None if unknown."""
    cache: dict[str, RunView] = st.session_state.setdefault(_CACHE, {})
    view = cache.get(run_id)
    handle = get_manager().get(run_id)
    store = store_or_stop()
    if handle is not None:
        events = [e for e in list(handle.events) if e.seq > (view.last_seq if view else -1)]
        if view is None:
            stored = store.run_events(run_id)
            first = events[0].seq if events else None
            earlier = [e for e in stored if first is None or e.seq < first]
            view = RunView.from_events(run_id, earlier)
        view.apply(events)
        if handle.done:
            # The part this process ran is over; another part may have been stored since (a paused run continued
            # or stopped in another tab or process): the store has what its handle never will.
            view.apply(store.events_since(run_id, view.last_seq))
        if not handle.done and (view.ended or view.status in ("interrupted", "paused")):
            # Resumed or continued here a moment ago: the stored events still end the run, and the worker
            # has not sent the new part's first event yet. It runs: draw it live, so the page polls for it.
            view.ended, view.status, view.error = False, "running", ""
    else:
        if view is None:
            row = store.get_run(run_id)
            if row is None:
                return None
            view = RunView.from_events(run_id, store.run_events(run_id), stored_status=row["status"])
        else:
            view.apply(store.events_since(run_id, view.last_seq))
            if not view.ended:
                row = store.get_run(run_id)
                if row is not None and row["status"] == "interrupted":
                    view.status = "interrupted"
    cache[run_id] = view
    return view


def seed_view(run_id: str, config: dict[str, Any]) -> None:
    """A run started here a moment ago: its view starts from the config it was started with.

    Until the worker's first event arrives the view knows nothing of the run, and the header would say
    "Iteration 1 of 3" (the library's default cap) for a run capped at 5.
    """
    st.session_state.setdefault(_CACHE, {})[run_id] = RunView(run_id, config=dict(config))


def forget_view(run_id: str) -> None:
    """Drop the cached view (after a resume or follow-up starts new events)."""
    st.session_state.setdefault(_CACHE, {}).pop(run_id, None)


def is_live(view: RunView) -> bool:
    """Still producing events (here or in another process)."""
    return live_view(view)


def drawn_stamp(view: RunView) -> tuple[int, int, bool]:
    """What the Diff and Transcript views depend on: drafts, graded passes, and whether it ended.

    The polling fragment redraws the run view element with every poll (the element redraws only when its
    payload changed); the views below it are drawn by the full page run, so while one is shown a change of
    this stamp redraws the whole page once, and nothing heavy is re-sent every poll.
    """
    its = view.all_iterations()
    ended = view.ended or view.status in ("interrupted", "paused")
    return sum(1 for it in its if it.drafted), sum(1 for it in its if it.evaluation), ended


def reviews_of(run_id: str) -> list[dict]:
    """The newest human review of each cell of a stored run (shown beside the grader's verdicts)."""
    from rubric_core.store.judge import latest_reviews

    return latest_reviews(store_or_stop(), [run_id])


def show_views(view: RunView, *, key: str) -> bool:
    """The revision diff or the transcript, on demand (the run view element above draws the heatmap, the chips,
    the draft and each iteration's criteria). True when one of them is drawn: it must follow the run."""
    # The choice outlives a visit to another page (state.KEPT_KEYS re-saves it), so it lives in session state,
    # with no `default` (Streamlit warns on the page when a widget has both).
    view_from_address(f"{key}_view", VIEWS)
    choice = st.segmented_control("More of this run", VIEWS, key=f"{key}_view")
    keep_view(choice)  # in the address: a reload opens the Diff again
    if choice == "Diff":
        show_revision_diff(view, key=f"{key}_diff")
    elif choice == "Transcript":
        show_transcript(view)
    return choice in VIEWS


def live_preview(view: RunView) -> dict[str, Any] | None:
    """A live run's preview, read from the store (written there by whichever process runs it), or None."""
    if not is_live(view):
        return None
    from rubric_core.store.live_preview import read_live
    from rubric_core.views.live_payload import live_payload

    return live_payload(view, read_live(store_or_stop(), view.run_id))


def show_run_view(view: RunView, *, cancelling: bool = False) -> None:
    """The run as the run view element: with the newest human reviews once it is stored (not while live), and
    what it is writing and doing now while it is live."""
    live = is_live(view)
    show_run_element(
        view,
        reviews=None if live else reviews_of(view.run_id),
        cancelling=cancelling,
        live=live_preview(view) if live else None,
    )
