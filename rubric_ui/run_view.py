"""A run on screen, live or stored: header, chips, live draft, criteria, heatmap, diff, transcript."""

from __future__ import annotations

import html

import streamlit as st

from rubric_core.view import RunView
from rubric_ui.criteria import show_criteria
from rubric_ui.diff_view import show_revision_diff
from rubric_ui.heatmap import show_heatmap
from rubric_ui.resources import get_manager, store_or_stop
from rubric_ui.status import chip_html, final_banner, iteration_chips
from rubric_ui.transcript import show_transcript

VIEWS = ["Heatmap", "Criteria", "Diff", "Transcript"]
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


def forget_view(run_id: str) -> None:
    """Drop the cached view (after a resume or follow-up starts new events)."""
    st.session_state.setdefault(_CACHE, {}).pop(run_id, None)


def is_live(view: RunView) -> bool:
    """Still producing events (here or in another process)."""
    return not view.ended and view.status != "interrupted"


def show_header(view: RunView) -> None:
    """Progress while live, the final banner once ended."""
    turn = view.current
    if is_live(view):
        graded = len([it for it in turn.iterations if it.evaluation]) if turn else 0
        current = min(graded + 1, view.max_iterations)
        phase = view.phase
        label = "Grading" if phase == "grading" else "Drafting"
        st.markdown(
            chip_html(phase) + f" <b>Iteration {current} of {view.max_iterations}</b> · {label}…",
            unsafe_allow_html=True,
        )
        st.progress(min(1.0, graded / max(1, view.max_iterations)))
    else:
        final_banner(view)
    iteration_chips(view)


def show_live_panel(view: RunView, key: str) -> None:
    """The current draft, its files, and the newest verdicts."""
    turn = view.current
    drafted = [it for it in turn.iterations if it.drafted] if turn else []
    if not drafted:
        st.caption("Waiting for the first draft…")
        return
    latest = drafted[-1]
    st.markdown(f"**Current draft** · turn {latest.turn} · iteration {latest.iteration}")
    st.text(latest.draft or "(empty answer)")
    for path, content in latest.files.items():
        with st.expander(f"File {path}", expanded=False):
            st.code(content, language="python" if path.endswith(".py") else "text")
    graded = [it for it in turn.iterations if it.evaluation]
    if latest.grading and latest.evaluation is None:
        st.info(f"The grader is checking iteration {latest.iteration}…", icon=":material/gavel:")
    if graded:
        newest = graded[-1]
        # A plain marker (no run text) the browser tests and the latency benchmark wait for; data-live says
        # whether the run was still going when this verdict was drawn (the tests prove verdicts arrive live).
        st.markdown(
            f'<span class="rs-verdict" data-iteration="{newest.iteration}" '
            f'data-result="{html.escape(str(newest.result))}" '
            f'data-live="{"true" if is_live(view) else "false"}"></span>',
            unsafe_allow_html=True,
        )
        show_criteria(newest, key=f"{key}_latest_{newest.turn}_{newest.iteration}", light=True)


def show_live(view: RunView, *, key: str) -> None:
    """Header, chips, the current draft and the newest verdicts: the part that must update fast."""
    show_header(view)
    show_live_panel(view, key)


def _reviews(run_id: str) -> list[dict]:
    """The newest human review of each cell of a stored run (shown beside the grader's verdicts)."""
    from rubric_core.store.judge import latest_reviews

    return latest_reviews(store_or_stop(), [run_id])


def show_views(view: RunView, *, key: str) -> None:
    """Heatmap, all criteria tables, the revision diff and the transcript, one at a time."""
    choice = (
        st.segmented_control("View", VIEWS, default="Heatmap", key=f"{key}_view", label_visibility="collapsed")
        or "Heatmap"
    )
    reviews = None if is_live(view) else _reviews(view.run_id)
    if choice == "Criteria":
        its = view.all_iterations()
        if not its:
            st.caption("No iteration yet.")
        for it in reversed(its):
            with st.expander(
                f"Turn {it.turn} · iteration {it.iteration} · {it.result or 'not graded'}", expanded=it is its[-1]
            ):
                show_criteria(it, key=f"{key}_crit_{it.turn}_{it.iteration}", reviews=reviews)
    elif choice == "Heatmap":
        if not view.turns:
            st.caption("The heatmap appears after the first grading pass.")
        for turn in view.turns:
            if len(view.turns) > 1:
                st.markdown(f"**Turn {turn.turn}**")
            show_heatmap(
                turn,
                status=turn.status or (None if is_live(view) else view.status),
                key=f"{key}_hm_{turn.turn}",
                reviews=reviews,
            )
    elif choice == "Diff":
        show_revision_diff(view, key=f"{key}_diff")
    else:
        show_transcript(view)
