"""The Run page's steering: Step by step by Start, the panel of a paused run, the fork panel, the fork tree.

A paused run waits here for a person: each verdict of the paused pass can be overridden (pass / fail / n/a,
stored as their review), the feedback the agent will read edited, the draft graded again under an edited
rubric (before grading: the draft itself edited), or the run stopped. Forms: nothing is sent until Continue
or Stop, so a person can read and edit at leisure while the page polls for another tab's decision.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import streamlit as st

from rubric_core.verdicts import verdict_of
from rubric_core.views.run_view import RunView, shown
from rubric_ui.safe import label, md
from rubric_ui.session.access import REVIEWER_NAME, act, allowed, current_actor, recorded_name, typed_name
from rubric_ui.session.keys import run_keys
from rubric_ui.session.resources import get_manager, store_or_stop
from rubric_ui.widgets.fork_tree import show_fork_tree
from rubric_ui.widgets.run_view import forget_view

if TYPE_CHECKING:
    from rubric_core.store import Store

STEP_KEY = "run_step"
STEP_DRAFTS_KEY = "run_step_drafts"
AS_GRADED = "as graded"
CHOICES = [AS_GRADED, "pass", "fail", "n/a"]
FORK_WHAT = ["Rubric", "Draft", "Feedback"]


def show_step_choice() -> None:
    """The Step by step boxes by Start (runs only: a suite run or a matrix never pauses)."""
    on = st.checkbox(
        "Step by step",
        key=STEP_KEY,
        help="Pause after each grading pass, before its feedback goes back to the agent: go on, override a "
        "verdict, edit the feedback or the rubric, or stop. A pause never pays for a grading pass twice.",
    )
    st.checkbox(
        "Also pause before each grading (read the draft first)",
        key=STEP_DRAFTS_KEY,
        disabled=not on,
    )


def step_mode() -> str:
    """The step mode the boxes ask for ('' none)."""
    if not st.session_state.get(STEP_KEY):
        return ""
    return "drafts" if st.session_state.get(STEP_DRAFTS_KEY) else "verdicts"


def _reviewer() -> tuple[str, bool]:
    """Who decides: the signed-in person's identity, else the name typed in this session, else the local user."""
    return recorded_name()


def show_steering(run_id: str, view: RunView) -> None:
    """Under the run view: the pause panel of a paused run, the fork panel of a stopped one, the fork tree."""
    store = store_or_stop()
    if view.status == "paused" and view.steer.pause is not None and allowed("steer"):
        _pause_panel(store, run_id, view, view.steer.pause)
    show_fork_tree(store, run_id)
    if not (view.ended or view.status in ("paused", "interrupted")) or not allowed("fork"):
        return
    if any(it.drafted for it in view.all_iterations()):
        _fork_panel(store, run_id, view)


def _go(run_id: str, decision: dict[str, Any], what: str) -> None:
    started = act(
        "steer", lambda: get_manager().continue_paused(run_id, decision, keys=run_keys()), run_id=run_id, detail=what
    )
    if started is not None or decision["action"] == "stop":
        forget_view(run_id)
        st.rerun()


OVERRIDES_RECOMPOSE = (
    "The feedback below follows your overrides as you make them; edited, your text is sent as you wrote it."
)
"""What the pause panel says of the feedback box and the overrides."""
NO_FEEDBACK = "No feedback goes back to the agent: with these verdicts the pass ends the loop."


def _pause_panel(store: Store, run_id: str, view: RunView, pause: dict[str, Any]) -> None:
    """No form: a form sent Continue on Enter in its "Why" box, and its feedback box could not follow the
    overrides before Continue. Each field keeps its value across the page's reruns (keyed by the pause); only the
    Continue and Stop buttons send anything."""
    from rubric_core.execution.steer_requests import Override, SteerError, build_decision

    turn, iteration = int(pause.get("turn", 0)), int(pause.get("iteration", 0))
    before = pause.get("pause") == "before_grading"
    key = f"steer_{run_id}_{view.last_seq}"
    with st.container(key="steer_panel", border=True):
        if before:
            st.markdown(f"**Paused before grading iteration {shown(iteration)}**")
            st.caption("Read the draft. Grade it as it is, grade an edited text, or grade it under an edited rubric.")
        else:
            result = str(pause.get("result") or "")
            st.markdown(f"**Paused after grading iteration {shown(iteration)}** · the agent has not heard of it yet")
            st.caption(
                "Go on as graded, or override a verdict (stored as your review, with its own reason), edit the "
                "feedback the agent will read, or grade this draft again under an edited rubric. "
                + OVERRIDES_RECOMPOSE
                + (
                    " The grader's verdict ends the loop here: override a criterion to fail for the agent to revise."
                    if result and result != "needs_revision"
                    else ""
                )
            )
        graded = next((it for it in view.all_iterations() if (it.turn, it.iteration) == (turn, iteration)), None)
        criteria = graded.criteria if graded is not None else []
        picks: dict[int, str] = {}
        reasons: dict[int, str] = {}
        told = ""
        if not before:
            _name_field(key)
            for position, c in enumerate(criteria):
                picks[position] = st.selectbox(
                    label(f"{c['name']} (grader: {verdict_of(c)})"),
                    CHOICES,
                    key=f"{key}_ov_{position}",
                )
                if picks[position] != AS_GRADED:
                    reasons[position] = st.text_input(
                        label(f"Why {picks[position]}: {c['name']} (stored with this override)"),
                        key=f"{key}_why_{position}",
                    )
            told = _composed_feedback(view, graded, pause, picks, reasons)
            feedback = _feedback_box(key, told)
            draft = None
        else:
            feedback = ""
            shown_draft = str(pause.get("draft") or "")
            draft = st.text_area("The draft to grade", value=shown_draft, key=f"{key}_draft", height=180)
            draft = None if draft.strip() == shown_draft.strip() else draft
        edit_rubric = st.checkbox("Grade this draft again under an edited rubric", key=f"{key}_edit_rubric")
        current = view.current.rubric if view.current else str(view.config.get("rubric", ""))
        rubric = st.text_area(
            "Edited rubric (used with the box above ticked)", value=current, key=f"{key}_rubric", height=140
        )
        go, stop = st.columns([1, 1])
        pressed_go = go.button("Continue", type="primary", key=f"steer_go_{run_id}")
        pressed_stop = stop.button("Stop the run here", key=f"steer_stop_{run_id}")
        if not (pressed_go or pressed_stop):
            return
        reviewer, identity = _reviewer()
        overrides = [
            Override(str(criteria[p]["name"]), v, reasons.get(p, ""), position=p)
            for p, v in picks.items()
            if v != AS_GRADED
        ]
        edited_feedback = feedback if feedback.strip() != told.strip() else None
        try:
            decision = build_decision(
                store,
                run_id,
                overrides=[] if pressed_stop else overrides,
                feedback=None if pressed_stop else edited_feedback,
                rubric=rubric if edit_rubric and not pressed_stop else None,
                draft=None if pressed_stop else draft,
                stop=bool(pressed_stop),
                reviewer=reviewer,
                reviewer_is_identity=identity,
            )
        except SteerError as exc:
            st.error(str(exc), icon=":material/error:")
            return
        said = [f"{o['criterion']}={o['verdict']}" for o in decision["overrides"]]
        said += [f"{w} edited" for w in ("feedback", "rubric", "draft") if decision.get(w)]
        _go(run_id, decision, "stop" if pressed_stop else "continue" + (f": {', '.join(said)}" if said else ""))


def _name_field(key: str) -> None:
    """Who the overrides are recorded as: said when known, else asked for (the same name the Review page keeps)."""
    actor = current_actor()
    if actor.kind != "local":
        return
    box = f"{key}_who"
    st.session_state[box] = typed_name()  # the session's one name, typed here or on Review
    st.text_input(
        "Your name (recorded with your overrides and reviews; blank: the local user)",
        key=box,
        on_change=_keep_name,
        args=(box,),
    )


def _keep_name(box: str) -> None:
    st.session_state[REVIEWER_NAME] = str(st.session_state.get(box) or "").strip()[:80]


def _composed_feedback(
    view: RunView, graded: Any, pause: dict[str, Any], picks: dict[int, str], reasons: dict[int, str]
) -> str:
    """What the agent reads with the overrides as they stand now (the grader's text when none is made)."""
    from rubric_core.views.pause_feedback import feedback_after_overrides

    told = str(pause.get("feedback") or "")
    made = [{"position": p, "verdict": v, "reason": reasons.get(p, "")} for p, v in picks.items() if v != AS_GRADED]
    if not made or graded is None or not graded.evaluation:
        return told
    return feedback_after_overrides(
        graded.evaluation, made, reviewer=_reviewer()[0], max_iterations=view.max_iterations
    )


def _feedback_box(key: str, composed: str) -> str:
    """The feedback box: it takes each newly composed text until the person edits it (then it is theirs)."""
    box, last = f"{key}_feedback", f"{key}_feedback_composed"
    if box not in st.session_state or st.session_state[box] == st.session_state.get(last):
        st.session_state[box] = composed
    st.session_state[last] = composed
    if not composed and st.session_state[box] == composed:
        st.caption(NO_FEEDBACK)
    return str(st.text_area("Feedback the agent will read (edit it to send your own text)", key=box, height=180))


def _fork_panel(store: Store, run_id: str, view: RunView) -> None:
    panel = st.expander(
        "Fork from an iteration: a new run that goes on from there with an edited rubric, draft or feedback",
        key=f"fork_open_{run_id}",
        on_change="rerun",
    )
    if not panel.open:
        return
    with panel:
        _fork_form(store, run_id, view)


def _fork_form(store: Store, run_id: str, view: RunView) -> None:
    from rubric_core.execution.steer_requests import SteerError, build_fork

    turns = [t for t in view.turns if any(it.drafted for it in t.iterations)]
    turn = turns[-1]
    if len(turns) > 1:
        number = st.selectbox("Turn", [t.turn + 1 for t in turns], index=len(turns) - 1, key=f"fork_turn_{run_id}")
        turn = next(t for t in turns if t.turn + 1 == number)
    drafted = [it for it in turn.iterations if it.drafted]
    n = st.selectbox(
        "Iteration", [shown(it.iteration) for it in drafted], index=len(drafted) - 1, key=f"fork_it_{run_id}"
    )
    it = next(i for i in drafted if shown(i.iteration) == n)
    what = st.radio(
        "What to change",
        FORK_WHAT,
        horizontal=True,
        key=f"fork_what_{run_id}",
        help="Rubric or draft: iteration's draft is graded again, then the loop goes on. Feedback: the agent reads "
        "your text after that iteration's grading and revises. Nothing before the fork point is run again.",
    )
    original = {"Rubric": turn.rubric, "Draft": it.draft, "Feedback": it.feedback}[what]
    if what == "Feedback" and not it.feedback:
        st.info(f"Iteration {n} sent the agent no feedback (its pass ended the loop): fork with a rubric or a draft.")
        return
    text = st.text_area(
        f"Edited {what.lower()}",
        value=original,
        key=f"fork_text_{run_id}_{what}_{turn.turn}_{it.iteration}",
        height=160,
    )
    step = st.checkbox("Step by step", key=f"fork_step_{run_id}", value=bool(view.steer.step))
    if not st.button("Fork", type="primary", key=f"fork_go_{run_id}", icon=":material/call_split:"):
        return
    if text.strip() == original.strip():
        st.error(f"Change the {what.lower()} first: a fork goes on with an edited rubric, draft or feedback.")
        return
    reviewer, identity = _reviewer()
    from rubric_core.judge.reviews import MAX_STORED_REVIEWER_CHARS, ReviewError, check_reviewer

    try:  # a typed name is checked as a review's is before it is stored with the fork
        reviewer = check_reviewer(reviewer, limit=MAX_STORED_REVIEWER_CHARS, identity=identity)
    except ReviewError as exc:
        _fork_refused(run_id, str(exc))
        return
    manager = get_manager()
    try:
        spec, config = build_fork(
            store,
            manager.engine,
            run_id,
            iteration=it.iteration,
            turn=turn.turn,
            by=reviewer,
            keys=run_keys(),
            **{what.lower(): text},
        )
    except SteerError as exc:
        _fork_refused(run_id, str(exc))
        return
    handle = act(
        "fork",
        lambda: manager.fork(spec, config, step=(view.steer.step or "verdicts") if step else "", keys=run_keys()),
        run_id=run_id,
        detail=f"fork at iteration {n}: {what.lower()} edited",
    )
    if handle is None:
        return
    forget_view(handle.run_id)
    st.query_params["run"] = handle.run_id
    st.session_state["run_attached"] = handle.run_id
    st.rerun()


def _fork_refused(run_id: str, message: str) -> None:
    """A fork that cannot be: said, and a run without checkpoints offered a what-if regrade instead."""
    from rubric_ui.session.page_files import REVIEW_PAGE_FILE

    st.warning(md(message), icon=":material/call_split:")
    if "no checkpoints" in message:
        st.page_link(
            REVIEW_PAGE_FILE,
            label="What-if regrade of its stored drafts (Review page, What-if regrade tab)",
            icon=":material/rule:",
            query_params={"run": run_id},
        )
