"""Validate a run-level JSONL export completely before the importer writes anything.

Two layers: `EXPORT_SCHEMA`, the JSON Schema of one line of `export --format jsonl`
(published as docs/export-schema.json, checked with the pinned `jsonschema`), then
semantic checks a schema cannot express: a supported schema_version, ISO date-times
that pandas can hold, one grading pass per (turn, iteration), ids unique in the file,
text that SQLite can store, and a run configuration that would validate for a run.
Whatever passes both can be stored, shown and exported; whatever fails is refused
with the line, the field and what to do.
"""

from __future__ import annotations

import json
from datetime import datetime
from functools import lru_cache
from typing import Any

from rubric_core.exports import EXPORT_SCHEMA_VERSION as SCHEMA_VERSION
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

FIX = "Fix the file, or export the run again with `python -m rubric_core export --format jsonl`."


class RecordError(ValueError):
    """One line of an import file is invalid; the message names the line, the field and the fix."""


@lru_cache(maxsize=1)
def _validator() -> Any:
    # Built once, lazily: jsonschema stays out of import time.
    from jsonschema import Draft202012Validator

    return Draft202012Validator(EXPORT_SCHEMA)


def _where(path: Any) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "the line"


def parse_line(raw: str, line: int) -> dict[str, Any]:
    """One JSON object; NaN and Infinity (not JSON, and not storable) are refused."""

    def no_constant(name: str) -> Any:
        msg = f"line {line}: {name} is not a JSON number; write a number or null. {FIX}"
        raise RecordError(msg)

    try:
        record = json.loads(raw, parse_constant=no_constant)
    except json.JSONDecodeError as exc:
        msg = f"line {line}: not valid JSON ({exc.msg} at column {exc.colno}). {FIX}"
        raise RecordError(msg) from None
    if not isinstance(record, dict):
        msg = (
            f"line {line}: expected a JSON object (one run), got {type(record).__name__}. "
            "Is this a run-level export (`export --format jsonl`)?"
        )
        raise RecordError(msg)
    return record


def check_record(record: dict[str, Any], line: int) -> None:
    """Raise RecordError for the first problem of one exported run (schema first, then meaning)."""
    version = record.get("schema_version")
    if "schema_version" not in record:
        msg = (
            f"line {line}: missing schema_version; this is not a Rubric Studio run-level export. "
            "Export runs with `python -m rubric_core export --format jsonl`."
        )
        raise RecordError(msg)
    if isinstance(version, int) and not isinstance(version, bool) and version > SCHEMA_VERSION:
        msg = (
            f"line {line}: schema_version {version} is newer than this Rubric Studio ({SCHEMA_VERSION}). "
            "Upgrade Rubric Studio to import it."
        )
        raise RecordError(msg)
    from jsonschema.exceptions import best_match

    error = best_match(_validator().iter_errors(record))
    if error is not None and error.validator == "required":
        missing = next(k for k in error.validator_value if k not in error.instance)
        msg = f"line {line}: missing {_where([*error.absolute_path, missing])}. {FIX}"
        raise RecordError(msg)
    if error is not None:
        value = error.instance
        shown = json.dumps(value)[:80] if not isinstance(value, dict | list) else type(value).__name__
        msg = f"line {line}: {_where(error.absolute_path)} {_plain(error)} (found {shown}). {FIX}"
        raise RecordError(msg)
    _check_meaning(record, line)


def _plain(error: Any) -> str:
    kind = error.validator
    if kind == "type":
        types = error.validator_value if isinstance(error.validator_value, list) else [error.validator_value]
        names = {
            "string": "text",
            "integer": "a whole number",
            "number": "a number",
            "boolean": "true or false",
            "array": "a list",
            "object": "an object",
        }
        return "must be " + " or ".join(names.get(t, t if t != "null" else "null") for t in types)
    if kind == "enum":
        values = ", ".join(json.dumps(v) for v in error.validator_value)
        if error.validator_value == _STATUSES:
            return f"is not a run status: use one of {values}"
        return f"is not a grading result: use one of {values}"
    if kind == "minimum":
        return f"must be {error.validator_value} or more"
    if kind == "maximum":
        return f"must be {error.validator_value} or less"
    if kind == "minLength":
        return "must not be empty"
    if kind == "pattern":
        return "must be 1 to 64 letters, digits, '-' or '_'"
    return str(error.message)


def _check_meaning(record: dict[str, Any], line: int) -> None:
    from rubric_core.config import ConfigError, RunConfig

    meta = record["metadata"]
    bad_text = _unstorable_text(record)
    if bad_text:
        msg = f"line {line}: {bad_text} holds a lone UTF-16 surrogate, which cannot be stored as text. {FIX}"
        raise RecordError(msg)
    for key in ("created_at", "finished_at"):
        value = meta.get(key)
        if value is None:
            continue
        try:
            ts = datetime.fromisoformat(value).timestamp()
        except (ValueError, OverflowError, OSError):
            msg = f"line {line}: metadata.{key} is not an ISO date-time ({value!r}); write e.g. 2026-05-01T12:00:00+00:00."
            raise RecordError(msg) from None
        if not _EARLIEST <= ts < _LATEST:
            msg = f"line {line}: metadata.{key} {value!r} is out of range: use a date from 1970 to 2261."
            raise RecordError(msg)
    _check_times(meta, line)
    _check_passes(meta, line)
    _check_reviews(meta, line)
    _check_suite(meta.get("suite"), line)
    config = dict(meta.get("config") or {})
    config.update(
        task=record["inputs"]["task"],
        rubric=record["inputs"]["rubric"],
        model=meta["models"]["model"],
        grader=meta["models"]["grader"],
    )
    config.pop("rubric_name", None)
    try:
        RunConfig.from_dict(config)
    except ConfigError as exc:
        field, problem = next(iter(exc.errors.items()))
        where = {"task": "inputs.task", "rubric": "inputs.rubric", "model": "metadata.models.model"}.get(
            field, "metadata.models.grader" if field == "grader" else f"metadata.config.{field}"
        )
        msg = f"line {line}: {where}: {problem} {FIX}"
        raise RecordError(msg) from None


def _check_suite(suite: dict[str, Any] | None, line: int) -> None:
    """A matrix column's configuration must be one a suite run could run: it is stored as the column's."""
    from rubric_core.config import ConfigError, RunConfig

    if not suite:
        return
    column = suite.get("column")
    if column is None:
        return
    if int(suite.get("columns") or 2) < 2 or column["index"] >= int(suite.get("columns") or 8):
        msg = (
            f"line {line}: metadata.suite.column.index {column['index']} is not a column of a matrix of "
            f"{suite.get('columns')} columns (2 to 8, counted from 0). {FIX}"
        )
        raise RecordError(msg)
    config = {k: v for k, v in column["config"].items() if k != "project"}
    config.update(task="(each item's task)", rubric=str(column.get("rubric") or config.get("rubric") or "- x"))
    try:
        RunConfig.from_dict(config)
    except ConfigError as exc:
        field, problem = next(iter(exc.errors.items()))
        msg = f"line {line}: metadata.suite.column.config.{field}: {problem} {FIX}"
        raise RecordError(msg) from None


def check_cells_unique(cells: list[tuple[tuple[str, int, int | None], int]]) -> None:
    """Refuse a file in which two runs claim one cell of a suite run (the same item, in the same column)."""
    first: dict[tuple[str, int, int | None], int] = {}
    for key, line in cells:
        if key in first:
            suite_id, position, column = key
            where = f"item {position + 1}" + (f", column {column + 1}," if column is not None else "")
            msg = (
                f"line {line}: suite run {suite_id[:12]}'s {where} is already the run of line {first[key]}: a cell has "
                "one run; keep one of them."
            )
            raise RecordError(msg)
        first[key] = line


def _check_times(meta: dict[str, Any], line: int) -> None:
    """A run cannot finish before it started."""
    created, finished = meta.get("created_at"), meta.get("finished_at")
    if created and finished and datetime.fromisoformat(finished) < datetime.fromisoformat(created):
        msg = f"line {line}: metadata.finished_at ({finished}) is before metadata.created_at ({created}). {FIX}"
        raise RecordError(msg)


def _check_passes(meta: dict[str, Any], line: int) -> None:
    """Passes once each, in order; per turn from iteration 0 with no gap and under max_iterations; the count agrees."""
    config = meta.get("config") or {}
    cap = config.get("max_iterations", 3) if isinstance(config, dict) else 3
    cap = cap if isinstance(cap, int) and not isinstance(cap, bool) and cap > 0 else 3
    keys = [(int(step["turn"]), int(step["iteration"])) for step in meta["history"]]
    seen: set[tuple[int, int]] = set()
    for n, key in enumerate(keys):
        if key in seen:
            msg = (
                f"line {line}: metadata.history[{n}] repeats turn {key[0]} iteration {key[1]}: each pass appears once."
            )
            raise RecordError(msg)
        if n and key < keys[n - 1]:
            msg = f"line {line}: metadata.history[{n}] is out of order: list passes by turn, then iteration."
            raise RecordError(msg)
        seen.add(key)
    last = (-1, -1)
    for n, (turn, iteration) in enumerate(keys):
        where = f"line {line}: metadata.history[{n}]"
        expected = last[1] + 1 if turn == last[0] else 0
        if iteration != expected:
            msg = (
                f"{where} is turn {turn} iteration {iteration}, but iteration {expected} of that turn is missing: "
                f"iterations count from 0 with no gap. {FIX}"
            )
            raise RecordError(msg)
        if iteration >= cap:
            msg = (
                f"{where} is iteration {iteration} (pass {iteration + 1}), past max_iterations {cap} "
                f"(metadata.config.max_iterations). {FIX}"
            )
            raise RecordError(msg)
        last = (turn, iteration)
    graded = sum(1 for step in meta["history"] if step.get("result"))
    count = meta.get("iterations")
    if count is not None and count != graded:
        msg = (
            f"line {line}: metadata.iterations is {count}, but metadata.history holds {graded} graded "
            f"pass(es): they must agree. {FIX}"
        )
        raise RecordError(msg)


def _check_reviews(meta: dict[str, Any], line: int) -> None:
    """A human verdict on a criterion names its reviewer, and both pass the Review page's own checks."""
    from rubric_core.judge.reviews import MAX_STORED_REVIEWER_CHARS, ReviewError, check_reason, check_reviewer

    for n, step in enumerate(meta["history"]):
        for k, criterion in enumerate(step.get("criteria") or []):
            if criterion.get("human_passed") is None:
                continue
            where = f"line {line}: metadata.history[{n}].criteria[{k}]"
            try:
                check_reviewer(criterion.get("reviewer"), limit=MAX_STORED_REVIEWER_CHARS)
                check_reason(criterion.get("human_reason"))
            except ReviewError as exc:
                msg = f"{where}: {exc} {FIX}"
                raise RecordError(msg) from None


def _unstorable_text(value: Any, path: str = "") -> str | None:
    """The path of the first string SQLite cannot store (a lone surrogate), else None."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return path or "the line"
        return None
    if isinstance(value, dict):
        for k, v in value.items():
            found = _unstorable_text(k, path) or _unstorable_text(v, f"{path}.{k}" if path else str(k))
            if found:
                return found
    if isinstance(value, list):
        for i, v in enumerate(value):
            found = _unstorable_text(v, f"{path}[{i}]")
            if found:
                return found
    return None


def check_ids_unique(ids: list[tuple[str, int]]) -> None:
    """Refuse a file that holds the same run id twice."""
    first: dict[str, int] = {}
    for run_id, line in ids:
        if run_id in first:
            msg = f"line {line}: run id {run_id!r} already appears on line {first[run_id]}: keep one of them."
            raise RecordError(msg)
        first[run_id] = line


def schema_json() -> str:
    """The schema as published in docs/export-schema.json."""
    return json.dumps(EXPORT_SCHEMA, indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":  # python -m rubric_core.exports.import_check > docs/export-schema.json
    print(schema_json(), end="")
