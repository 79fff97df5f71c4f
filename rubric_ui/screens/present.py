"""Presentation: a clean, read-only view of one run for someone who has never seen the tool.

At the top, what the run came to in one sentence and what was asked: the task, each follow-up message, and the
rubric of each turn. Then the replay (it opens on the final draft, the one the verdict is about, and follows a
live run's newest step), each turn's heatmap, the final output, and the model specs, token counts and agent
behind a "Details" fold. Text reads in the page's font (rubric_core.views.story says what each turn came to).
"""

from __future__ import annotations

import html
from dataclasses import dataclass

import streamlit as st

from rubric_core.exports.report import render_report
from rubric_core.views.run_view import STATUS_LABELS, IterationView, RunView
from rubric_core.views.story import step_title, turn_stories, verdict_sentence
from rubric_ui.safe import code, md, valid_run_id
from rubric_ui.session.access import check_forged_actions
from rubric_ui.session.resources import store_or_stop
from rubric_ui.session.state import ATTACHED
from rubric_ui.widgets.criteria import show_criteria
from rubric_ui.widgets.fragments import draw_fragment
from rubric_ui.widgets.heatmap import show_heatmap
from rubric_ui.widgets.plain_text import plain_block
from rubric_ui.widgets.run_view import load_view, offline_notice
from rubric_ui.widgets.status import chip_html

PLAY_SECONDS = 1.5
FOLLOW_SECONDS = 1.0
"""How often the view of a live run looks for new events in the store."""


@dataclass
class Step:
    """One moment of the replay."""

    kind: str
    """draft, verdicts or feedback."""
    it: IterationView


def _reviews(run_id: str) -> list[dict]:
    from rubric_core.store.judge import latest_reviews

    return latest_reviews(store_or_stop(), [run_id])


def replay_steps(view: RunView) -> list[Step]:
    """draft, verdicts, feedback for each iteration, in order."""
    steps: list[Step] = []
    for it in view.all_iterations():
        if it.drafted:
            steps.append(Step("draft", it))
        if it.evaluation:
            steps.append(Step("verdicts", it))
        if it.feedback:
            steps.append(Step("feedback", it))
    return steps


def _upto(view: RunView, upto: IterationView) -> list[IterationView]:
    return [it for it in view.all_iterations() if it.turn == upto.turn and it.iteration <= upto.iteration]


def final_draft_step(steps: list[Step]) -> int:
    """The step the replay opens on: the final draft, the one the run's verdict is about (not the first one)."""
    drafts = [n for n, step in enumerate(steps) if step.kind == "draft"]
    return drafts[-1] if drafts else max(0, len(steps) - 1)


def _show_step(view: RunView, step: Step, n: int, total: int) -> None:
    it = step.it
    titles = {"draft": "Draft", "verdicts": "Verdicts", "feedback": "Feedback to the agent"}
    st.markdown(f"#### Step {n + 1} of {total} · {step_title(view, it, titles[step.kind])}")
    if step.kind == "draft":
        steps = replay_steps(view)
        if view.ended and n == final_draft_step(steps):
            st.caption(f"The final draft. {verdict_sentence(view)}")
        offline_notice(view)
        plain_block(it.draft or "(empty)", prose=True)
        for path, content in it.files.items():
            st.caption(f"File {md(path)}")
            st.code(content, language="python" if path.endswith(".py") else "text")
    elif step.kind == "verdicts":
        show_heatmap(view, iterations=_upto(view, it), key=f"present_hm_step_{n}")
        show_criteria(it, key=f"present_crit_{n}")
    else:
        plain_block(it.feedback, prose=True)


FOLLOWING = "present_following"
"""Session key: the replay shows the newest step of a live run (until a control takes it elsewhere)."""
STEP_OF = "present_step_run"
"""Session key: the run the replay's step belongs to (another run opens on its own final draft)."""


def _go(step: int | None = None, *, delta: int = 0, play: bool | None = None, total: int = 1) -> None:
    # Button callbacks: the state changes before the page is drawn, so labels are never one click behind.
    state = st.session_state
    current = state.get("present_step", 0)
    state["present_step"] = max(0, min(total - 1, (step if step is not None else current) + delta))
    state[FOLLOWING] = state["present_step"] == total - 1 and not play  # Last follows a live run again
    if play is not None:
        state["present_playing"] = play
        if play and current >= total - 1:
            state["present_step"] = 0


def _controls(total: int) -> None:
    state = st.session_state
    state.setdefault("present_step", 0)
    state.setdefault("present_playing", False)
    c = st.columns(5)
    c[0].button(
        "First",
        key="present_first",
        width="stretch",
        icon=":material/first_page:",
        on_click=_go,
        kwargs={"step": 0, "play": False, "total": total},
    )
    c[1].button(
        "Back",
        key="present_back",
        width="stretch",
        icon=":material/chevron_left:",
        on_click=_go,
        kwargs={"delta": -1, "play": False, "total": total},
    )
    if state["present_playing"]:
        c[2].button(
            "Pause",
            key="present_pause",
            width="stretch",
            type="primary",
            icon=":material/pause:",
            on_click=_go,
            kwargs={"play": False, "total": total},
        )
    else:
        c[2].button(
            "Play",
            key="present_play",
            width="stretch",
            type="primary",
            icon=":material/play_arrow:",
            on_click=_go,
            kwargs={"play": True, "total": total},
        )
    c[3].button(
        "Step",
        key="present_step_fwd",
        width="stretch",
        icon=":material/chevron_right:",
        on_click=_go,
        kwargs={"delta": 1, "play": False, "total": total},
    )
    c[4].button(
        "Last",
        key="present_last",
        width="stretch",
        icon=":material/last_page:",
        on_click=_go,
        kwargs={"step": total - 1, "play": False, "total": total},
    )


def _pick_a_run() -> bool:
    """No run watched in this session: pick one of the newest stored runs to present. False: none is stored."""

    rows = store_or_stop().list_runs(limit=50)
    if not rows:
        return False
    labels = {
        r["id"]: f"{r['id'][:8]} · {STATUS_LABELS.get(r['status'], r['status'])} · {' '.join(r['task'].split())[:70]}"
        for r in rows
    }
    picked = st.selectbox(
        "Run to present (the 50 newest; the Runs page finds any other)",
        list(labels),
        index=None,
        format_func=lambda rid: labels.get(rid, rid),
        placeholder="Pick a run",
        key="present_pick",
    )
    if picked:
        st.query_params.from_dict({"run": picked, "view": "present"})
        st.rerun()
    return True


def render(run_id: str | None = None, *, shared: bool = False) -> None:
    """The page: the run of `?run=`, or `run_id` for a share link (`shared`: no way back into the app, no reviews)."""
    run_id = run_id or st.query_params.get("run")
    if not run_id:
        # The sidebar's Present link: present the run this session watches (the Run page's), full screen.
        watched = st.session_state.get(ATTACHED)
        if watched and valid_run_id(watched):
            st.query_params.from_dict({"run": watched, "view": "present"})
            st.rerun()
        st.title("Present")
        if not _pick_a_run():
            st.info("No run to present yet: start one on the Run page, then click Present.")
            # A plain link: opened as ?view=present the app's navigation holds this page only, and a page link to
            # the Run page raised "Could not find page".
            st.markdown("[Go to the Run page](./)")
        return
    view = load_view(run_id) if valid_run_id(run_id) else None
    if view is None:
        st.error(f"No run with id {md(run_id)} in the store.")
        return
    # The run id is checked against RUN_ID_RE above, so it is safe in the link; a plain link opens in this tab.
    st.html(
        "<style>[data-testid='stSidebar']{display:none}.rs-back{display:inline-block;padding:4px 12px;"
        "border:1px solid #d0d7de;border-radius:6px;text-decoration:none;color:#1f2328}</style>"
        + ("" if shared else f'<a class="rs-back" href="./?run={run_id}">&larr; Back to Rubric Studio</a>')
    )
    label = STATUS_LABELS.get(view.status, view.status)
    # st.html, not Markdown parsed for raw HTML: a share link's new tab then loads no HTML-in-Markdown parser.
    st.html(
        f"<div style='font-size:2.2rem;font-weight:700'>{chip_html(view.status, label).replace('0.8rem', '1.6rem')}</div>"
        # What the view shows, for tests and scripts: the status and the last event folded into it.
        f'<span class="rs-present" data-status="{html.escape(view.status)}" data-seq="{view.last_seq}" '
        f'data-live="{str(not view.ended).lower()}"></span>'
        # What the run came to, in one sentence, first thing an audience reads.
        f'<p class="rs-verdict-sentence" style="font-size:1.35rem;font-weight:600;margin:0.4rem 0 0">'
        f"{html.escape(verdict_sentence(view))}</p>"
    )
    if not view.ended:
        _follow(run_id, view.last_seq)
    if view.offline_note():
        # For an audience: an offline run says in plain words what its drafts and verdicts are.
        st.html(f'<div class="rs-offline-run">{html.escape(view.offline_note())}</div>')
    if view.na_note():
        st.info(f"**Not judged (n/a)** — {md(view.na_note())}", icon=":material/help:")
    _asked(view)
    _replay(view)
    st.divider()
    _heatmaps(view)
    st.markdown("**Final output**")
    plain_block(view.final_output or "(not finished)", prose=True)
    with st.expander("Details"):
        # Behind a fold: an audience reads the verdict and the work, not model specs and token counts.
        st.markdown(
            f"Run `{run_id}` · {view.facts()}  \n"
            f"Working model {code(view.models.get('model', ''))} · graded by {code(view.models.get('grader', ''))}  \n"
            f"Done by {md(view.agent_label)}"
        )
    st.download_button(
        "Download HTML report",
        # A shared report names no reviewer: reviewers' emails are for the team, not the link's readers.
        render_report(view, title="Rubric Studio run", reviews=[] if shared else _reviews(run_id)).encode(),
        file_name=f"rubric-run-{run_id[:12]}.html",
        mime="text/html",
        key="present_report",
    )


def _asked(view: RunView) -> None:
    """What was asked, turn by turn: the task, then each follow-up message, each beside the rubric it was graded
    against (a continued run showed turn 1's task beside turn 2's rubric, and its follow-up nowhere)."""
    stories = turn_stories(view)
    if not stories:
        st.markdown("**Task**")
        plain_block(str(view.config.get("task", "")), prose=True)
        return
    many = len(stories) > 1
    for story in stories:
        with st.container(key=f"rs_present_turn_{story.number}"):
            if many:
                st.markdown(f"**Turn {story.number} · {story.kind}** — {md(story.sentence)}")
            left, right = st.columns(2)
            with left:
                st.caption("Task" if story.kind == "Task" else "Follow-up message")
                plain_block(story.message or "(none)", prose=True)
            with right:
                st.caption(f"Rubric of turn {story.number}" if many else "Rubric")
                plain_block(story.rubric, prose=True)


def _heatmaps(view: RunView) -> None:
    """Each turn's criteria by draft, a heatmap of its own (labelled by turn when there are several)."""
    if not view.current:
        return
    stories = turn_stories(view)
    for story in stories:
        if len(stories) > 1:
            st.markdown(f"**Turn {story.number}: criteria by draft** — {md(story.sentence)}")
        else:
            st.markdown("**Criteria by draft**")
        show_heatmap(view, iterations=story.turn.iterations, key=f"present_hm_{story.number}")


def _follow(run_id: str, seen: int) -> None:
    """While the run goes on, redraw the view whenever the store has a new event for it (a live demo, or a share
    link opened on a running run, follows it to its end without a reload)."""
    st.caption("Live: this view follows the run as it goes.")

    @st.fragment(run_every=FOLLOW_SECONDS)
    def follow() -> None:
        check_forged_actions()  # a fragment run does not run the page script: its controls are checked here
        now = load_view(run_id)
        if now is None or now.last_seq != seen:
            st.rerun()

    draw_fragment(follow)


def _replay(view: RunView) -> None:
    """The step-by-step replay: its controls, then the current step (a fragment while it plays)."""
    st.html('<div class="rs-replay"><b>Replay</b></div>')
    steps = replay_steps(view)
    if not steps:
        st.caption("Nothing to replay yet.")
        return
    state = st.session_state
    last = len(steps) - 1
    if state.get(STEP_OF) != view.run_id:
        # Another run (or the first): a live run shows its newest step, an ended one its final draft.
        state[STEP_OF] = view.run_id
        state["present_playing"] = False
        state[FOLLOWING] = not view.ended
        state["present_step"] = last if not view.ended else final_draft_step(steps)
    elif not view.ended and state.get(FOLLOWING, True) and not state.get("present_playing"):
        state["present_step"] = last  # a live run: the newest step, as it comes
    _controls(len(steps))
    playing = bool(st.session_state.get("present_playing"))

    @st.fragment(run_every=PLAY_SECONDS if playing else None)
    def stage() -> None:
        state = st.session_state
        n = min(state.get("present_step", 0), len(steps) - 1)
        st.progress((n + 1) / len(steps))
        _show_step(view, steps[n], n, len(steps))
        if state.get("present_playing"):
            if n >= len(steps) - 1:
                state.present_playing = False
                st.rerun()
            else:
                state.present_step = n + 1

    draw_fragment(stage)
