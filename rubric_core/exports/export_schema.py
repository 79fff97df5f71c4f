"""The JSON Schema of one line of `export --format jsonl` (published as docs/export-schema.json).

`python -m rubric_core.exports.import_check > docs/export-schema.json` writes it; import_check.py validates each
line against it before the checks a schema cannot express (import_meaning.py, import_whole.py).
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from rubric_core.exports.formats import EXPORT_SCHEMA_VERSION as SCHEMA_VERSION
from rubric_core.exports.steer_import import add_steering

_RESULTS = ["satisfied", "needs_revision", "failed", "max_iterations_reached", "grader_error"]
_STATUSES = [
    "running",
    "paused",
    "interrupted",
    "satisfied",
    "max_iterations_reached",
    "failed",
    "grader_error",
    "cancelled",
    "error",
]
_MAX_COUNT = 2**53
_MAX_STEP = 10_000
_EARLIEST, _LATEST = 0.0, datetime(2262, 1, 1).timestamp()
"""Times pandas can hold (datetime64[ns] ends in 2262); earlier than 1970 is not a real run."""

_TEXT = {"type": "string"}
_OPT_TEXT = {"type": ["string", "null"]}
_COUNT = {"type": "integer", "minimum": 0, "maximum": _MAX_COUNT}
_STEP_NO = {"type": "integer", "minimum": 0, "maximum": _MAX_STEP}
_SECONDS = {"type": ["number", "null"], "minimum": 0, "maximum": 1e9}
_TIME = {"type": ["string", "null"], "description": "ISO 8601 date-time, e.g. 2026-05-01T12:00:00+00:00"}

EXPORT_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://rubric-studio.invalid/export-schema.json",
    "title": "Rubric Studio run-level JSONL export (one line)",
    "description": (
        "One run per line, as written by `python -m rubric_core export --format jsonl` and read by "
        "`python -m rubric_core import`. Fields not listed are ignored on import."
    ),
    "type": "object",
    "required": ["schema_version", "id", "inputs", "outputs", "metadata"],
    "properties": {
        "schema_version": {"type": "integer", "minimum": 1, "maximum": SCHEMA_VERSION},
        "id": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$"},
        "inputs": {
            "type": "object",
            "required": ["task", "rubric"],
            "properties": {
                "task": {"type": "string", "minLength": 1},
                "rubric": {"type": "string", "minLength": 1},
            },
        },
        "outputs": {
            "type": "object",
            "required": ["status"],
            "properties": {
                "final_output": _OPT_TEXT,
                "status": {"enum": _STATUSES},
                "files": {"type": "array", "items": {"$ref": "#/$defs/file"}},
            },
        },
        "metadata": {
            "type": "object",
            "required": ["models", "history"],
            "properties": {
                "models": {
                    "type": "object",
                    "required": ["model", "grader"],
                    "properties": {
                        "model": {"type": "string", "minLength": 1},
                        "grader": {"type": "string", "minLength": 1},
                    },
                },
                "agent": {
                    "type": ["object", "null"],
                    "description": "The project agent that did the work (null: the built-in deep agent).",
                    "required": ["name"],
                    "properties": {
                        "name": {"type": "string", "pattern": "^[A-Za-z][A-Za-z0-9_-]{0,63}$"},
                        "factory": {"type": "string", "maxLength": 1000},
                        "project_digest": {"type": "string", "pattern": "^[0-9a-f]{0,64}$"},
                    },
                },
                "rubric_name": _OPT_TEXT,
                "rubric_version": {"type": ["integer", "null"], "minimum": 1, "maximum": _MAX_COUNT},
                "iterations": _COUNT,
                "turns": _COUNT,
                "final_criteria": {"type": "array", "items": {"$ref": "#/$defs/criterion"}},
                "tokens": {"$ref": "#/$defs/tokens"},
                "created_at": _TIME,
                "finished_at": _TIME,
                "wall_time_s": _SECONDS,
                "tags": {"type": "array", "items": {"type": "string"}},
                "note": _OPT_TEXT,
                "config": {"type": ["object", "null"]},
                "suite": {"$ref": "#/$defs/suite"},
                "history": {"type": "array", "items": {"$ref": "#/$defs/step"}},
                "schema_version": {"type": "integer", "minimum": 1, "maximum": SCHEMA_VERSION},
            },
        },
    },
    "$defs": {
        "suite": {
            "type": ["object", "null"],
            "description": (
                "Where the run sits in a suite run (schema 6; null or absent: outside any): the suite run, the "
                "dataset item and, in a matrix of configurations, the column with its configuration. Import rebuilds "
                "the suite run (and its matrix) from these."
            ),
            "required": ["suite_run_id", "item"],
            "properties": {
                "suite_run_id": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$"},
                "name": _OPT_TEXT,
                "created_at": _TIME,
                "dataset_name": _OPT_TEXT,
                "dataset_hash": _OPT_TEXT,
                "concurrency": {"type": "integer", "minimum": 1, "maximum": 64},
                "columns": {"type": "integer", "minimum": 1, "maximum": 8},
                "rubric_name": _OPT_TEXT,
                "rubric_version": {"type": ["integer", "null"], "minimum": 1, "maximum": _MAX_COUNT},
                "config": {"type": ["object", "null"], "description": "A one-column suite run's shared settings."},
                "item": {
                    "type": "object",
                    "required": ["id", "position"],
                    "properties": {
                        "id": {"type": "string", "minLength": 1},
                        "position": {"type": "integer", "minimum": 0, "maximum": _MAX_COUNT},
                        "reference": _OPT_TEXT,
                        "metadata": {"type": ["object", "null"]},
                    },
                },
                "column": {
                    "type": ["object", "null"],
                    "description": "The matrix column (null: a one-column suite run).",
                    "required": ["index", "label", "config"],
                    "properties": {
                        "index": {"type": "integer", "minimum": 0, "maximum": 7},
                        "label": {"type": "string", "minLength": 1, "maxLength": 60},
                        "rubric": _OPT_TEXT,
                        "rubric_name": _OPT_TEXT,
                        "rubric_version": {"type": ["integer", "null"], "minimum": 1, "maximum": _MAX_COUNT},
                        "config": {"type": "object"},
                    },
                },
            },
        },
        "file": {
            "type": "object",
            "required": ["path", "content"],
            "properties": {"path": {"type": "string", "minLength": 1}, "content": _TEXT},
        },
        "criterion": {
            "type": "object",
            "required": ["name", "passed"],
            "properties": {
                "name": {"type": "string", "minLength": 1},
                "passed": {"type": "boolean"},
                "verdict": {"enum": ["pass", "fail", "n/a"]},
                "check": {
                    "type": "object",
                    "required": ["kind"],
                    "properties": {
                        "kind": {"type": "string", "minLength": 1},
                        "label": _OPT_TEXT,
                        "looked_for": _OPT_TEXT,
                        "found": _OPT_TEXT,
                        "tools": {"type": "array", "items": {"type": "object"}},
                    },
                },
                "gap": _OPT_TEXT,
                "human_passed": {"type": ["boolean", "null"]},
                "human_reason": _OPT_TEXT,
                "reviewer": _OPT_TEXT,
            },
        },
        "tokens": {
            "type": "object",
            "properties": {"input_tokens": _COUNT, "output_tokens": _COUNT, "total_tokens": _COUNT},
        },
        "step": {
            "type": "object",
            "required": ["turn", "iteration"],
            "properties": {
                "turn": _STEP_NO,
                "turn_number": {
                    "type": "integer",
                    "minimum": 1,
                    "description": "The turn as the dashboard counts it: 1 is the run's first message (`turn` + 1).",
                },
                "iteration": _STEP_NO,
                "iteration_number": {
                    "type": "integer",
                    "minimum": 1,
                    "description": "The iteration as the dashboard counts it: 1 is the first draft (`iteration` + 1).",
                },
                "draft": _OPT_TEXT,
                "files": {"type": "array", "items": {"$ref": "#/$defs/file"}},
                "disk_files": {
                    "type": "array",
                    "items": {"type": "string"},
                    "description": "Paths of `files` the agent wrote through a filesystem backend (on disk).",
                },
                "result": {"enum": [*_RESULTS, None]},
                "explanation": _OPT_TEXT,
                "unverified": {"type": "boolean"},
                "criteria": {"type": "array", "items": {"$ref": "#/$defs/criterion"}},
                "feedback": _OPT_TEXT,
                "wall_time_s": _SECONDS,
                "tokens": {"$ref": "#/$defs/tokens"},
            },
        },
    },
}

add_steering(EXPORT_SCHEMA)  # schema 7's parts: step mode, fork origin, decisions at pauses (steer_import.py)


def schema_json() -> str:
    """The schema as published in docs/export-schema.json."""
    return json.dumps(EXPORT_SCHEMA, indent=2, ensure_ascii=False) + "\n"
