"""Validate one line of a run-level JSONL export completely before the importer writes anything.

In order: the line is one JSON object (json_text.py: no key twice, no NaN, no nesting past 100 levels); its
texts are within what a run holds, with no NUL (import_text.py: before the schema, which a million tags keep
busy a minute); `EXPORT_SCHEMA` (export_schema.py, published as docs/export-schema.json, checked with the
pinned `jsonschema`); then what a schema cannot express (import_meaning.py). The lines against each other and
the store: import_whole.py. Whatever passes can be stored, shown and exported; whatever fails is refused with
the line, the field and what to do.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from rubric_core.exports.export_schema import _STATUSES, EXPORT_SCHEMA, schema_json
from rubric_core.exports.formats import EXPORT_SCHEMA_VERSION as SCHEMA_VERSION
from rubric_core.exports.import_errors import FIX, RecordError, where

__all__ = ["EXPORT_SCHEMA", "FIX", "RecordError", "check_record", "parse_line", "schema_json"]


@lru_cache(maxsize=1)
def _validator() -> Any:
    # Built once, lazily: jsonschema stays out of import time.
    from jsonschema import Draft202012Validator

    return Draft202012Validator(EXPORT_SCHEMA)


def parse_line(raw: str, line: int) -> dict[str, Any]:
    """One JSON object, read strictly (json_text.loads_strict); RecordError names the line and the problem."""
    from rubric_core.json_text import JsonProblem, loads_strict

    try:
        record = loads_strict(raw)
    except JsonProblem as exc:
        msg = f"line {line}: {exc}. {FIX}"
        raise RecordError(msg) from None
    if not isinstance(record, dict):
        shown = "null" if record is None else type(record).__name__
        msg = (
            f"line {line}: expected a JSON object (one run), got {shown}. "
            "Is this a run-level export (`export --format jsonl`), one object a line?"
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
    from rubric_core.exports.import_text import check_text

    check_text(record, line)  # sizes and NUL before the schema: a million tags keep the schema busy a minute
    from jsonschema.exceptions import best_match

    error = best_match(_validator().iter_errors(record))
    if error is not None and error.validator == "required":
        missing = next(k for k in error.validator_value if k not in error.instance)
        msg = f"line {line}: missing {where([*error.absolute_path, missing])}. {FIX}"
        raise RecordError(msg)
    if error is not None:
        value = error.instance
        shown = json.dumps(value)[:80] if not isinstance(value, dict | list) else type(value).__name__
        msg = f"line {line}: {where(error.absolute_path)} {_plain(error)} (found {shown}). {FIX}"
        raise RecordError(msg)
    from rubric_core.exports.import_meaning import check_meaning

    check_meaning(record, line)


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


if __name__ == "__main__":  # python -m rubric_core.exports.import_check > docs/export-schema.json
    print(schema_json(), end="")
