"""A run as ONE JSON payload: everything the run view element draws (rubric_ui/widgets/run_element).

The element draws a run's verdict line, its iteration chips, the criteria of the chosen iteration with the
check behind each verdict (n/a apart), the heatmap and the draft, from this payload alone; Present draws its
replay from the same payload with `mode="present"`. Plain data only (str, int, float, bool, None, lists and
dicts): Python keeps the data and the permission checks, the element only draws and sends clicks back.

Every string from a run (task, rubric, drafts, files, criteria, gaps, checks, explanations, feedback, notes,
errors) is untrusted. It goes in as text, and the element sets it with `textContent` only; a draft's Markdown
goes in as a tree of plain nodes (views/markdown_tree.py), never as HTML.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from typing import Any, Literal

from rubric_core.redaction import redact_data
from rubric_core.verdicts import check_of, check_text, pass_count_text, tool_call_text, verdict_of
from rubric_core.views.criteria_records import criteria_records
from rubric_core.views.fork_view import fork_story
from rubric_core.views.heatmap import cell_mark, grid_of, legend_keys
from rubric_core.views.markdown_tree import markdown_tree
from rubric_core.views.run_view import STATUS_COLORS, STATUS_LABELS, IterationView, RunView, criteria_rows, shown

PAYLOAD_VERSION = 1
"""Bumped when the payload's shape changes (the element reads this shape and no other)."""

VERDICT_TEXT = {"pass": "✔ pass", "fail": "✘ fail", "n/a": "n/a (cannot judge)"}
"""A verdict as a cell says it: n/a is neither a pass nor a fail."""

HEATMAP_HINT = (
    "click a cell (or Tab to the grid: arrow keys, Home and End) for its verdict, its check, its gap and the "
    "draft at that iteration · iterations count from 1"
)
"""The legend's last part in the element."""

BANNER_TAILS = {
    "max_iterations_reached": "the cap of {cap} iterations was hit before every criterion passed.",
    "failed": "the grader found the rubric malformed or impossible to grade.",
    "grader_error": "the grader itself failed (provider error, timeout or unusable answers).",
    "cancelled": "stopped on request. It can be resumed.",
    "paused": "it waits for you at a step: go on, override a verdict, edit the feedback or the rubric, or stop.",
}
"""What the final banner says after a terminal status (satisfied says nothing more; interrupted says why)."""
BANNER_KINDS = {
    "satisfied": "success",
    "max_iterations_reached": "warning",
    "interrupted": "warning",
    "cancelled": "info",
    "paused": "info",
}
"""The banner's colour by status (every other terminal status is an error)."""

Mode = Literal["run", "present", "heatmap"]
"""What the element draws: the run page's view, Present, or the heatmap alone (a run's preview, Compare)."""


def verdict_summary(it: IterationView) -> str:
    """The pass's verdict in words: "Iteration 2: Needs revision (5 of 8 criteria pass · 1 n/a)"."""
    label = STATUS_LABELS.get(it.result or "", it.result or "not graded")
    crit = it.criteria
    count = f" ({pass_count_text(verdict_of(c) for c in crit)})" if crit else ""
    unverified = ", unverified" if it.evaluation and it.evaluation.get("unverified") else ""
    return f"Iteration {shown(it.iteration)}: {label}{count}{unverified}"


def is_live(view: RunView) -> bool:
    """Still producing events (here or in another process)."""
    return not view.ended and view.status not in ("interrupted", "paused")


def _chip(status: str, label: str) -> dict[str, str]:
    return {"status": status, "label": label, "color": STATUS_COLORS.get(status, "#57606a")}


def _header(view: RunView, *, cancelling: bool) -> dict[str, Any]:
    """A live run's progress line: "Iteration 2 of 5 · The grader is checking draft 2…"."""
    turn = view.current
    graded = len([it for it in turn.iterations if it.evaluation]) if turn else 0
    current = min(graded + 1, view.max_iterations)
    if cancelling:
        phase, text = "cancelling", "Cancelling after the current step…"
    elif view.phase == "grading":
        phase, text = "grading", f"The grader is checking draft {current}…"
    elif view.calling:
        phase, text = "drafting", f"The agent is writing draft {current}: it called {view.calling}…"
    else:
        phase, text = view.phase, f"The agent is writing draft {current}…"
    # Each turn has its own cap: a continued run says which turn the count is in.
    turn_label = f"Turn {turn.turn + 1} · " if turn and len(view.turns) > 1 else ""
    return {
        "phase": phase,
        "lead": _chip("cancelled", "Cancelling…") if cancelling else None,
        "count": f"{turn_label}Iteration {current} of {view.max_iterations}",
        "text": text,
        "progress": min(1.0, graded / max(1, view.max_iterations)),
    }


def _banner(view: RunView) -> dict[str, Any]:
    """An ended run's banner: its status in words, what it cost, and what the status means."""
    status = view.status
    tail = BANNER_TAILS.get(status, "").format(cap=view.max_iterations)
    if status == "interrupted":
        # What stopped it, as stored (a server stop, a lost database, a full disk, a killed process), when known.
        tail = f"{view.error or 'its worker stopped (app restart or crash).'} It can be resumed."
    if status == "error":
        return {
            "kind": "error",
            "label": "Error",
            "facts": "",
            "tail": "the run could not go on.",
            "error": view.error,
            "detail": view.error_detail,
        }
    return {
        "kind": BANNER_KINDS.get(status, "error"),
        "label": STATUS_LABELS.get(status, status),
        "facts": view.facts(),  # every turn's iterations, tokens and time: one scope
        "tail": tail,
        "error": "",
        "detail": "",
    }


def _reviews_by_cell(reviews: list[dict] | None) -> dict[tuple[int, int, str], dict]:
    return {(int(v["turn"]), int(v["iteration"]), str(v["criterion"])): v for v in reviews or []}


def _human(review: Mapping[str, Any] | None, grader_verdict: str) -> str:
    if review is None:
        return ""
    verdict = "✔ pass" if review["passed"] else "✘ fail"
    # A person's pass or fail where the grader said n/a differs from it too (as the heatmap draws it).
    differs = grader_verdict == "n/a" or (grader_verdict == "pass") != bool(review["passed"])
    from rubric_core.words import person

    return f"{verdict} ({person(review['reviewer'])})" + (" ≠ grader" if differs else "")


def _criteria(it: IterationView, by_cell: dict[tuple[int, int, str], dict] | None) -> list[dict[str, Any]]:
    rows = []
    for c in it.criteria:
        verdict = verdict_of(c)
        row: dict[str, Any] = {
            "name": str(c["name"]),
            "verdict": verdict,
            "text": VERDICT_TEXT[verdict],
            "check": check_text(check_of(c)),
            "gap": str(c.get("gap", "") or ""),
        }
        if by_cell is not None:
            review = by_cell.get((it.turn, it.iteration, str(c["name"])))
            row["human"] = _human(review, verdict)
            row["human_reason"] = str((review or {}).get("reason", "") or "")
        rows.append(row)
    return rows


def _iteration(
    view: RunView, it: IterationView, *, live: bool, by_cell: dict[tuple[int, int, str], dict] | None
) -> dict[str, Any]:
    current = view.current
    if it.result:
        chip = _chip(it.result, f"{shown(it.iteration)}: {STATUS_LABELS.get(it.result, it.result).lower()}")
    elif live and current is not None and it.turn == current.turn:
        status = "grading" if it.grading else "drafting"
        chip = _chip(status, f"{shown(it.iteration)}: {status}")
    else:  # a cancelled or interrupted run shows no live state
        chip = _chip("cancelled", f"{shown(it.iteration)}: not graded")
    evaluation = it.evaluation or {}
    return {
        "key": f"{it.turn}:{it.iteration}",
        "turn": it.turn,
        "iteration": it.iteration,
        "n": shown(it.iteration),
        "chip": chip,
        "drafted": it.drafted,
        "draft": it.draft,
        "notice": it.notice,
        "tree": markdown_tree(it.draft) if it.drafted and it.draft else [],
        "files": [[str(path), str(content)] for path, content in it.files.items()],
        "graded": it.evaluation is not None,
        "grading": it.grading,
        "result": it.result or "",
        "summary": verdict_summary(it) if it.evaluation is not None else "",
        "explanation": str(evaluation.get("explanation", "") or ""),
        "criteria": _criteria(it, by_cell),
        "tools": [tool_call_text(t) + f"  · args {t.get('args', '')}" for t in evaluation.get("grader_tools") or []],
        "feedback": it.feedback,
    }


def _heatmaps(view: RunView, reviews: list[dict] | None) -> list[dict[str, Any]]:
    """One grid per turn: criterion names in rubric order, the iterations, and each cell's drawing."""
    records = criteria_records(criteria_rows(view.run_id, view.all_iterations()), reviews)
    grids = []
    for turn in sorted({int(r["turn"]) for r in records}):
        rows = [r for r in records if int(r["turn"]) == turn]
        names, iterations, cells = grid_of(rows)
        grid: list[list[dict[str, str] | None]] = []
        for r, name in enumerate(names):
            line: list[dict[str, str] | None] = []
            for c, it in enumerate(iterations):
                cell = cells.get((r, c))
                if cell is None:
                    line.append(None)
                    continue
                drawn = cell_mark(it, name, cell, reviewed_cols=True)
                line.append({"cls": drawn.cls, "mark": drawn.mark, "details": drawn.details})
            grid.append(line)
        reviewed = any(r.get("human_passed") is not None for r in rows)
        grids.append(
            {
                "turn": turn,
                "label": f"Turn {turn + 1}" if len(view.turns) > 1 else "",
                "names": names,
                "iterations": iterations,
                "cells": grid,
                "legend": [[cls, text] for cls, text in legend_keys(reviewed)],
            }
        )
    return grids


def _newest(view: RunView) -> dict[str, Any] | None:
    """The newest graded pass of the current turn: what the verdict marker says."""
    turn = view.current
    graded = [it for it in turn.iterations if it.evaluation] if turn else []
    if not graded:
        return None
    newest = graded[-1]
    return {"key": f"{newest.turn}:{newest.iteration}", "iteration": newest.iteration, "result": str(newest.result)}


def _latest_draft(view: RunView) -> str | None:
    turn = view.current
    drafted = [it for it in turn.iterations if it.drafted] if turn else []
    return f"{drafted[-1].turn}:{drafted[-1].iteration}" if drafted else None


def _rubric_label(rubric: str) -> str:
    from rubric_core.rubric import parse_criteria
    from rubric_core.words import counted

    return f"Rubric: {counted(len(parse_criteria(rubric)), 'criterion', 'criteria')}"


def _stamp(payload: Mapping[str, Any]) -> str:
    """A digest of what the element draws: it redraws only when this changes (a poll re-sends the same)."""
    import orjson  # a tenth of json's time on a 20 x 50 run's payload (400 kB)

    return hashlib.sha256(orjson.dumps(payload, option=orjson.OPT_SORT_KEYS)).hexdigest()[:16]


def run_payload(
    view: RunView,
    *,
    reviews: list[dict] | None = None,
    cancelling: bool = False,
    mode: Mode = "run",
    chosen: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The payload of one run for the run view element (see the module docstring).

    `reviews` (the newest human review per cell, from store.judge.latest_reviews) adds the human verdicts beside
    the grader's and marks the heatmap; `cancelling` says a Cancel was asked for here; `chosen` is what the
    element sent back ({"iteration": "turn:iteration", "cell": "turn:criterion:iteration"}).
    """
    from rubric_core.models.notice import OFFLINE_DRAFT_NOTICE, is_offline_writer

    live = is_live(view)
    # Human verdicts are columns of their own only where someone reviewed the run (a stored run's tables had two
    # empty columns for every run nobody reviewed).
    by_cell = _reviews_by_cell(reviews) or None
    rubric = view.current.rubric if view.current else str(view.config.get("rubric", ""))
    model = str(view.config.get("model") or view.models.get("model") or "")
    body: dict[str, Any] = {
        "version": PAYLOAD_VERSION,
        "mode": mode,
        "run_id": view.run_id,
        "status": _chip(view.status, STATUS_LABELS.get(view.status, view.status)),
        "live": live,
        "seq": view.last_seq,
        "header": _header(view, cancelling=cancelling) if live else None,
        "banner": None if live else _banner(view),
        "na_note": view.na_note(),
        "explanation": view.explanation() if not live and view.status != "error" else "",
        "agent": (f"Work done by {view.agent_label} · project {view.agent.get('project', '')}" if view.agent else ""),
        "notes": list(view.notes),
        "task": str(view.config.get("task", "")),
        "messages": [{"label": f"Turn {t.turn + 1} message", "text": t.message or "(empty)"} for t in view.turns[1:]],
        "rubric": rubric,
        "rubric_label": _rubric_label(rubric),
        "offline_notice": OFFLINE_DRAFT_NOTICE if is_offline_writer(model) else "",
        "turns": [
            {
                "turn": t.turn,
                "label": f"Turn {t.turn + 1}" if len(view.turns) > 1 else "",
                "iterations": [_iteration(view, it, live=live, by_cell=by_cell) for it in t.iterations],
            }
            for t in view.turns
        ],
        "heatmaps": _heatmaps(view, reviews),
        "hint": HEATMAP_HINT,
        "newest": _newest(view),
        "latest_draft": _latest_draft(view),
        "reviewed": by_cell is not None,
    }
    if mode == "present":
        from rubric_core.views.present_payload import present_part

        body["present"] = present_part(view)
        fork_story(view, body["present"])  # a fork: where it branched, what was changed, the parent's steps
    # What a page is sent holds no secret the process knows (rubric_core/redaction.py), stored before or not.
    body = redact_data(body)
    body["stamp"] = _stamp(body)
    body["chosen"] = {
        "iteration": str((chosen or {}).get("iteration") or "") or None,
        "cell": str((chosen or {}).get("cell") or "") or None,
    }
    return body


def payload_text(payload: Mapping[str, Any]) -> Iterable[str]:
    """Every string a payload holds (tests look for planted text in it, and for what a view says)."""
    stack: list[Any] = [payload]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            yield value
        elif isinstance(value, Mapping):
            stack.extend(value.values())
        elif isinstance(value, list | tuple):
            stack.extend(value)
