"""What Present adds to a run's payload (rubric_core/views/run_payload.py, `mode="present"`).

For an audience at 1280x720: the run in one sentence; what was asked (each turn's ask, its rubric, and how each
criterion came out at its last graded draft) beside what came out (the final draft), in the first screen; the
replay's steps, titled as the story says them; the model specs behind a Details fold. Every string is run text and
goes in as text (the element sets it with textContent only).
"""

from __future__ import annotations

from typing import Any

from rubric_core.verdicts import SYMBOLS, verdict_of
from rubric_core.views.run_view import RunView, TurnView, shown


def replay_steps(view: RunView) -> list[dict[str, Any]]:
    """Present's replay: draft, verdicts, feedback for each iteration, in order, each titled as the story says it
    ("Step 2 of 5 · Iteration 1 · Verdicts", "Turn 2 · iteration 1 · Draft" for a continued run)."""
    from rubric_core.views.feedback_origin import feedback_title
    from rubric_core.views.story import step_title

    found = []
    titles = {"draft": "Draft", "verdicts": "Verdicts", "feedback": "Feedback to the agent"}
    for it in view.all_iterations():
        for kind, there in (("draft", it.drafted), ("verdicts", it.evaluation is not None), ("feedback", it.feedback)):
            if there:
                found.append((kind, it))
    return [
        {
            "kind": kind,
            "key": f"{it.turn}:{it.iteration}",
            "title": f"Step {n + 1} of {len(found)} · "
            + step_title(view, it, feedback_title(view, it.turn, it.iteration) if kind == "feedback" else titles[kind]),
        }
        for n, (kind, it) in enumerate(found)
    ]


def _final_verdicts(turn: TurnView) -> list[dict[str, str]]:
    """Each criterion of a turn as its last graded draft left it: how the rubric was met, beside the rubric."""
    graded = [it for it in turn.iterations if it.evaluation]
    if not graded:
        return []
    return [
        {
            "name": str(c["name"]),
            "verdict": verdict_of(c),
            "mark": SYMBOLS[verdict_of(c)],
            "gap": audience_gap(c),
        }
        for c in graded[-1].criteria
    ]


AUDIENCE_GAP_CHARS = 240
"""Characters of a gap beside Present's rubric: longer ones end at a word with an ellipsis, never mid-word."""


def audience_gap(criterion: dict[str, Any]) -> str:
    """A criterion's gap as an audience reads it beside the rubric: '' for a pass; an n/a's reason without the
    advice meant for the rubric's author ("Rephrase it as one of the phrasings …"), which was cut mid-sentence
    there; anything still too long cut at a word, with an ellipsis."""
    from rubric_core.engine.steering import AUTHOR_ADVICE

    if verdict_of(criterion) == "pass":
        return ""
    gap = " ".join(str(criterion.get("gap", "") or "").split())
    if AUTHOR_ADVICE in gap:
        gap = gap[: gap.index(AUTHOR_ADVICE)].rstrip()
    if len(gap) > AUDIENCE_GAP_CHARS:
        gap = gap[:AUDIENCE_GAP_CHARS].rsplit(" ", 1)[0].rstrip(" ,;:.") + " …"
    return gap


def _output_label(view: RunView) -> str:
    drafted = [it for it in view.all_iterations() if it.drafted]
    where = f" (iteration {shown(drafted[-1].iteration)})" if drafted and len(view.turns) == 1 else ""
    if not view.ended:
        return f"What came out so far: the newest draft{where}"
    return f"What came out: the final draft{where}"


def present_part(view: RunView) -> dict[str, Any]:
    """What Present adds: the run in one sentence; what was asked (each turn's ask, its rubric and how each
    criterion came out) beside what came out (the final draft), for the first screen; the replay's steps and where
    it opens (the last step: the verdicts on the final draft, which is on screen already; a live run's newest step,
    which it follows); and the specs behind a Details fold."""
    from rubric_core.views.story import turn_stories, verdict_sentence

    steps = replay_steps(view)
    sentence = verdict_sentence(view)
    stories = turn_stories(view)
    if view.ended and steps and steps[-1]["kind"] == "verdicts":
        steps[-1]["note"] = "The verdicts on the final draft (shown above, under What came out)."
    many = len(stories) > 1
    return {
        "sentence": sentence,
        "asked": [
            {
                "head": f"Turn {s.number} · {s.kind} — {s.sentence}" if many else "",
                "label": "Task" if s.kind == "Task" else "Follow-up message",
                "message": s.message or "(none)",
                "rubric_label": f"Rubric of turn {s.number}" if many else "Rubric",
                "rubric": s.rubric,
                "criteria": _final_verdicts(s.turn),
            }
            for s in stories
        ]
        or [
            {
                "head": "",
                "label": "Task",
                "message": str(view.config.get("task", "")),
                "rubric_label": "",
                "rubric": "",
                "criteria": [],
            }
        ],
        "maps": {
            str(s.turn.turn): (f"Turn {s.number}: criteria by draft — {s.sentence}" if many else "Criteria by draft")
            for s in stories
        },
        "offline_run": view.offline_note(),
        "steps": steps,
        "start": max(0, len(steps) - 1),
        "follow": not view.ended,
        "output_label": _output_label(view),
        "final_output": view.final_output or _newest_draft(view) or "(no draft yet)",
        "final_files": [[str(path), str(content)] for path, content in view.final_files.items()],
        "details": [
            f"Run {view.run_id} · {view.facts()}",
            f"Working model {view.models.get('model', '')} · graded by {view.models.get('grader', '')}",
            f"Done by {view.agent_label}",
        ],
    }


def _newest_draft(view: RunView) -> str:
    drafted = [it for it in view.all_iterations() if it.drafted]
    return drafted[-1].draft if drafted else ""
