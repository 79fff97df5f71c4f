"""Export schema 7 (issue 39) on the way in: a run's step mode, its fork origin and its decisions at pauses.

Kept apart from importer.py and import_check.py: the schema's new parts (merged into EXPORT_SCHEMA there) and
what the importer turns them into (the fork's columns on its start, a `steered` event per decision, placed
after the pass it was taken at, or after the draft for a pause before grading).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

_TEXT = {"type": ["string", "null"]}
_STEP_NO = {"type": "integer", "minimum": 0, "maximum": 10_000}
_WHERE = {
    "turn": _STEP_NO,
    "turn_number": {"type": "integer", "minimum": 1},
    "iteration": _STEP_NO,
    "iteration_number": {"type": "integer", "minimum": 1},
}

METADATA_PROPERTIES: dict[str, Any] = {
    "step": {
        "enum": ["", "verdicts", "drafts", None],
        "description": "Schema 7: the run's step mode ('' none; 'verdicts': a pause after each grading pass; "
        "'drafts': also before each grading).",
    },
    "parent_run": {
        "type": ["string", "null"],
        "pattern": "^[A-Za-z0-9_-]{1,64}$",
        "description": "Schema 7: the run this one is a fork of (null: no fork).",
    },
    "forked_at": {
        "type": ["object", "null"],
        "description": "Schema 7: the fork point in the parent, 0-based with its numbers from 1 beside.",
        "required": ["turn", "iteration"],
        "properties": _WHERE,
    },
    "fork": {
        "type": ["object", "null"],
        "description": "Schema 7: what the fork changed there: kind (draft: before the draft's grading; feedback: "
        "after it), the edited rubric, draft or feedback, and who forked.",
        "properties": {
            "kind": {"enum": ["draft", "feedback"]},
            "rubric": _TEXT,
            "draft": _TEXT,
            "feedback": _TEXT,
            "by": _TEXT,
        },
    },
    "steering": {
        "type": "array",
        "description": "Schema 7: what people decided at the run's pauses, in order; each human override of a "
        "verdict is in `overrides` (also a review of its cell).",
        "items": {"$ref": "#/$defs/decision"},
    },
}

DEFS: dict[str, Any] = {
    "decision": {
        "type": "object",
        "required": ["turn", "iteration", "action"],
        "properties": {
            **_WHERE,
            "pause": {"enum": ["after_grading", "before_grading", ""]},
            "action": {"enum": ["continue", "stop"]},
            "overrides": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["criterion", "verdict"],
                    "properties": {
                        "criterion": {"type": "string", "minLength": 1},
                        "position": {"type": ["integer", "null"], "minimum": 0, "maximum": 10_000},
                        "verdict": {"enum": ["pass", "fail", "n/a"]},
                        "reason": _TEXT,
                    },
                },
            },
            "feedback": _TEXT,
            "rubric": _TEXT,
            "draft": _TEXT,
            "reviewer": _TEXT,
            "at": {"type": ["string", "null"]},
        },
    }
}

CRITERION_PROPERTIES: dict[str, Any] = {
    "human_verdict": {
        "enum": ["pass", "fail", "n/a", None],
        "description": "Schema 7: the newest human review's verdict (an n/a is given at a pause).",
    }
}


def add_steering(schema: dict[str, Any]) -> dict[str, Any]:
    """Merge schema 7's parts into the export's JSON Schema (import_check.EXPORT_SCHEMA)."""
    schema["properties"]["metadata"]["properties"].update(METADATA_PROPERTIES)
    schema["$defs"]["criterion"]["properties"].update(CRITERION_PROPERTIES)
    schema["$defs"].update(DEFS)
    return schema


def fork_started(meta: dict[str, Any]) -> dict[str, Any]:
    """What an imported run's start says of its step mode and its fork origin (the writer makes the columns)."""
    out: dict[str, Any] = {}
    if meta.get("step"):
        out["step"] = str(meta["step"])
    parent, where = meta.get("parent_run"), meta.get("forked_at")
    if parent and isinstance(where, dict):
        out["fork"] = {
            **{k: v for k, v in (meta.get("fork") or {}).items() if k in ("kind", "rubric", "draft", "feedback", "by")},
            "parent_run": str(parent),
            "turn": int(where.get("turn") or 0),
            "iteration": int(where.get("iteration") or 0),
        }
    return out


def steered_events(meta: dict[str, Any]) -> dict[tuple[int, int], list[tuple[dict[str, Any], float | None]]]:
    """The decisions of a record as `steered` event data with their time, by (turn, iteration)."""
    out: dict[tuple[int, int], list[tuple[dict[str, Any], float | None]]] = {}
    for d in meta.get("steering") or []:
        turn, iteration = int(d.get("turn") or 0), int(d.get("iteration") or 0)
        data = {
            "turn": turn,
            "iteration": iteration,
            "pause": str(d.get("pause") or ""),
            "action": str(d.get("action") or "continue"),
            "overrides": [dict(o) for o in d.get("overrides") or []],
            **{k: d[k] for k in ("feedback", "rubric", "draft") if d.get(k)},
            "reviewer": str(d.get("reviewer") or ""),
        }
        at = datetime.fromisoformat(str(d["at"])).timestamp() if d.get("at") else None
        out.setdefault((turn, iteration), []).append((data, at))
    return out
