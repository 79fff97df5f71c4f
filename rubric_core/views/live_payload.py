"""A live run's preview as the run view element draws it: the text being written, tool calls, todos, the grader.

Built from the run's live-preview row (store/live_preview.py, written by the process executing the run at
most about ten times a second) and its view (the stored events): what an event already stored is left out,
so a draft is never shown twice, as it is being written and as written. Plain data only; every string in it
is the agent's or the grader's (untrusted) and the element sets it with textContent only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rubric_core.views.run_view import RunView, shown

STATE_MARKS = {"running": "…", "done": "✔", "error": "✘"}
"""How a tool call's state reads beside its name."""
TODO_MARKS = {"pending": "☐", "in_progress": "◐", "completed": "☑"}
KINDS = {"tool": "tool", "todos": "todos", "subagent": "subagent"}


def _call(call: Mapping[str, Any]) -> dict[str, Any]:
    state = str(call.get("state") or "running")
    kind = KINDS.get(str(call.get("kind") or "tool"), "tool")
    name = str(call.get("name") or "")
    label = {"todos": "updated its todo list", "subagent": f"subagent ({name})"}.get(kind, name)
    out: dict[str, Any] = {
        "kind": kind,
        "state": state,
        "mark": STATE_MARKS.get(state, "…"),
        "name": name,
        "label": label,
        "args": str(call.get("args") or ""),
    }
    steps = [
        f"{STATE_MARKS.get(str(s.get('state')), '…')} {s.get('name', '')}"
        for s in call.get("steps") or []
        if isinstance(s, Mapping)
    ]
    if steps:
        out["steps"] = steps
    return out


def _stored(view: RunView, turn: int, iteration: int) -> tuple[bool, bool]:
    """Whether the view (the stored events) already has the draft, and the verdict, of this iteration."""
    current = view.current
    if current is None or current.turn != turn:
        return False, False
    it = next((it for it in current.iterations if it.iteration == iteration), None)
    return (it is not None and it.drafted), (it is not None and it.evaluation is not None)


def live_payload(view: RunView, row: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """The element's `live_preview`: None when the run is not live or its preview is not this part's.

    The row is written on the channel's next tick after a change (up to a tenth of a second later); the events
    may be ahead of it: a draft the row still shows as being written is stored (the grader is on it), a pass the
    row still shows is graded (the agent writes the next draft). What they already show is left out here.
    """
    if row is None or view.ended or view.status in ("interrupted", "paused"):  # paused: nothing is being written
        return None
    turn, iteration = int(row.get("turn", 0) or 0), int(row.get("iteration", 0) or 0)
    current = view.current
    if current is not None and turn < current.turn:
        return None  # a preview an earlier turn left
    phase = "grading" if row.get("phase") == "grading" else "writing"
    grader = row.get("grader") if isinstance(row.get("grader"), Mapping) else None
    text, calls = str(row.get("text") or ""), [c for c in row.get("calls") or [] if isinstance(c, Mapping)]
    drafted, graded = _stored(view, turn, iteration)
    if phase == "writing" and drafted:  # stored a moment ago: the grader is on it
        phase, text, calls, grader = "grading", "", [], {"pass": iteration, "answering": False, "calls": []}
    elif phase == "grading" and graded:  # graded a moment ago: the agent writes the next draft
        phase, text, calls, grader, iteration = "writing", "", [], None, iteration + 1
    if phase == "grading":
        n = shown(int((grader or {}).get("pass", iteration) or 0))
        answering = " · writing its verdict" if (grader or {}).get("answering") else ""
        label = f"The grader is on pass {n} (draft {n}){answering}"
    elif text:
        label = f"The agent is writing draft {shown(iteration)}…"
    else:
        label = f"The agent is working on draft {shown(iteration)}…"
    chars = int(row.get("text_chars", len(text)) or 0) if text else 0
    return {
        "stamp": f"{row.get('seq', 0)}:{row.get('version', 0)}:{phase}:{iteration}",
        "phase": phase,
        "label": label,
        "writing": phase == "writing" and bool(text),
        "text": text,
        "cut": chars > len(text),
        "chars": chars,
        "calls": [_call(c) for c in calls] if phase == "writing" else [],
        "todos": [
            {
                "mark": TODO_MARKS.get(str(t.get("status")), "☐"),
                "status": str(t.get("status") or ""),
                "text": str(t.get("content") or ""),
            }
            for t in row.get("todos") or []
            if isinstance(t, Mapping)
        ],
        "grader_calls": [_call(c) for c in (grader or {}).get("calls") or [] if isinstance(c, Mapping)]
        if phase == "grading"
        else [],
    }
