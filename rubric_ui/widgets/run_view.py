"""A run on screen, live or stored: header, chips, live draft, criteria, heatmap, diff, transcript."""

from __future__ import annotations

import html
from typing import Any

import streamlit as st

from rubric_core.views.run_view import STATUS_LABELS, IterationView, RunView, shown
from rubric_ui.safe import code, md, safe_markdown
from rubric_ui.session.resources import get_manager, store_or_stop
from rubric_ui.widgets.criteria import show_criteria
from rubric_ui.widgets.diff_view import show_revision_diff
from rubric_ui.widgets.heatmap import show_heatmap
from rubric_ui.widgets.status import chip_html, final_banner, iteration_chips
from rubric_ui.widgets.transcript import show_transcript

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
        if not handle.done and (view.ended or view.status == "interrupted"):
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
    return not view.ended and view.status != "interrupted"


def drawn_stamp(view: RunView) -> tuple[int, int, bool]:
    """What the drawn draft, verdicts and heatmap depend on: drafts, graded passes, and whether it ended.

    The polling fragment draws only the light progress header; when this changes it redraws the whole
    page once, so the heatmap and the verdicts change together and nothing heavy is re-sent every poll
    (the re-sent draft, tables and chart made the browser freeze for seconds near the end of a run).
    """
    its = view.all_iterations()
    ended = view.ended or view.status == "interrupted"
    return sum(1 for it in its if it.drafted), sum(1 for it in its if it.evaluation), ended


def show_header(view: RunView, *, cancelling: bool = False) -> None:
    """Progress while live ("Cancelling…" once asked), the final banner once ended.

    The phase is said once in words in the header ("The grader is checking draft 2…"); the chip row below
    gives each iteration's state in colour.
    """
    turn = view.current
    if is_live(view):
        graded = len([it for it in turn.iterations if it.evaluation]) if turn else 0
        current = min(graded + 1, view.max_iterations)
        if cancelling:
            lead, label = chip_html("cancelled", "Cancelling…") + " ", "Cancelling after the current step…"
        elif view.phase == "grading":
            lead, label = "", f"The grader is checking draft {current}…"
        elif view.calling:
            lead, label = "", f"The agent is writing draft {current}: it called {html.escape(view.calling)}…"
        else:
            lead, label = "", f"The agent is writing draft {current}…"
        # Each turn has its own cap: a continued run says which turn the count is in.
        turn_label = f"Turn {turn.turn + 1} · " if turn and len(view.turns) > 1 else ""
        st.markdown(
            f'<div class="rs-progress" data-phase="{"cancelling" if cancelling else view.phase}">{lead}'
            f"<b>{turn_label}Iteration {current} of {view.max_iterations}</b> · {label}</div>",
            unsafe_allow_html=True,
        )
        st.progress(min(1.0, graded / max(1, view.max_iterations)))
        if view.na_note():
            st.caption(f"Not judged (n/a): {md(view.na_note())}")
    else:
        final_banner(view)
    if view.agent:
        st.caption(f"Work done by {md(view.agent_label)} · project {code(view.agent.get('project', ''))}")
    for note in view.notes:
        st.caption(f":material/info: {md(note)}")
    iteration_chips(view)


def show_task(view: RunView) -> None:
    """The run's task (and each follow-up message) in plain sight, its rubric one click away.

    Without this a run opened from a link showed no task unless the editor toggle was on.
    """
    from rubric_core.rubric import parse_criteria
    from rubric_core.words import counted

    task = str(view.config.get("task", ""))
    # One element, not a label and a text: each element a page draws costs the browser time (bench/scale.py).
    st.html(
        '<div class="rs-task"><div class="rs-task-label"><b>Task</b></div>'
        f'<div class="rs-task-text" style="white-space:pre-wrap;overflow-wrap:anywhere">'
        f"{html.escape(task or '(no task)')}</div></div>"
    )
    for turn in view.turns[1:]:
        st.markdown(f"**Turn {turn.turn + 1} message**")
        st.text(turn.message or "(empty)")
    rubric = view.current.rubric if view.current else str(view.config.get("rubric", ""))
    with st.expander(f"Rubric: {counted(len(parse_criteria(rubric)), 'criterion', 'criteria')}"):
        st.text(rubric)


def offline_notice(view: RunView) -> None:
    """Beside a draft of the embedded offline writer: says plainly that no model wrote it."""
    from rubric_core.models.notice import OFFLINE_DRAFT_NOTICE, is_offline_writer

    if is_offline_writer(str(view.config.get("model") or view.models.get("model") or "")):
        st.caption(f'<span class="rs-offline-notice">{OFFLINE_DRAFT_NOTICE}</span>', unsafe_allow_html=True)


def show_draft(text: str, *, key: str) -> None:
    """A draft rendered as Markdown (raw HTML is never rendered, images never fetched), or raw on demand."""
    if st.toggle("Raw text", key=key):
        st.code(text or "(empty answer)", language="markdown", wrap_lines=True)
    else:
        st.markdown(safe_markdown(text) or "(empty answer)")


def show_live_panel(view: RunView, key: str) -> None:
    """The current draft, its files, and the newest verdicts."""
    turn = view.current
    drafted = [it for it in turn.iterations if it.drafted] if turn else []
    if not drafted:
        st.caption("Waiting for the first draft…" if is_live(view) else "No draft was written.")
        return
    latest = drafted[-1]
    turn_label = f"turn {latest.turn + 1} · " if len(view.turns) > 1 else ""
    graded = [it for it in turn.iterations if it.evaluation] if turn else []
    left, right = st.columns(2, gap="large")
    with left:
        st.markdown(
            f"**{'Current' if is_live(view) else 'Last'} draft** · {turn_label}iteration {shown(latest.iteration)}"
        )
        offline_notice(view)
        show_draft(latest.draft, key=f"{key}_raw")
        for path, content in latest.files.items():
            with st.expander(f"File {path}", expanded=False):
                st.code(content, language="python" if path.endswith(".py") else "text")
    with right:
        if graded:
            newest = graded[-1]
            # A plain marker (no run text) the browser tests and the latency benchmark wait for; its
            # data-iteration is the stored 0-based value, data-live whether the run was still going when
            # this verdict was drawn (the tests prove verdicts arrive live).
            st.html(
                f'<span class="rs-verdict" data-iteration="{newest.iteration}" '
                f'data-result="{html.escape(str(newest.result))}" '
                f'data-live="{"true" if is_live(view) else "false"}"></span>'
            )
            # The final banner says the grader's explanation once the run ended: not repeated here.
            show_criteria(
                newest, key=f"{key}_latest_{newest.turn}_{newest.iteration}", light=True, explain=is_live(view)
            )


def _reviews(run_id: str) -> list[dict]:
    """The newest human review of each cell of a stored run (shown beside the grader's verdicts)."""
    from rubric_core.store.judge import latest_reviews

    return latest_reviews(store_or_stop(), [run_id])


def show_views(view: RunView, *, key: str) -> None:
    """Heatmap, all criteria tables, the revision diff and the transcript, one at a time."""
    # The choice outlives a visit to another page (state.KEPT_KEYS re-saves it), so it starts in session state,
    # not as the widget's `default` (Streamlit warns on the page when a widget has both).
    st.session_state.setdefault(f"{key}_view", "Heatmap")
    choice = st.segmented_control("View", VIEWS, key=f"{key}_view", label_visibility="collapsed") or "Heatmap"
    reviews = None if is_live(view) else _reviews(view.run_id)
    if choice == "Criteria":
        its = view.all_iterations()
        if not its:
            st.caption("No iteration yet.")
        for it in reversed(its):
            label = STATUS_LABELS.get(it.result or "", it.result or "not graded")
            with st.expander(
                f"{turn_prefix(view, it)}Iteration {shown(it.iteration)} · {label}", expanded=it is its[-1]
            ):
                show_criteria(it, key=f"{key}_crit_{it.turn}_{it.iteration}", title=False, reviews=reviews)
    elif choice == "Heatmap":
        show_heatmap(view, key=f"{key}-hm", reviews=reviews)
    elif choice == "Diff":
        show_revision_diff(view, key=f"{key}_diff")
    else:
        show_transcript(view)


def turn_prefix(view: RunView, it: IterationView) -> str:
    """ "Turn 2 · " when the run has several turns, else nothing."""
    return f"Turn {it.turn + 1} · " if len(view.turns) > 1 else ""
