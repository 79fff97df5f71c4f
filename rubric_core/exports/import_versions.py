"""The versions of one imported run: a field newer than the line's `schema_version` is refused with its line (a
version 1-4 file carrying `verdict` / `check`, which EXPORTS.md says are read from `passed` and marked
unrecorded; a version 6 file carrying schema 7's step mode, fork or steering), as are two versions in one line.
"""

from __future__ import annotations

from typing import Any

from rubric_core.exports.import_errors import RecordError, refuse

_NEWER_RUN_FIELDS = (("turn_inputs", 2), ("error", 2))
_NEWER_STEP_FIELDS = (
    ("draft_tokens", 2),
    ("drafted_at", 2),
    ("grading_run_id", 2),
    ("grading_started_at", 2),
    ("graded_at", 2),
    ("tool_events", 2),
    ("iteration_number", 3),
    ("turn_number", 4),
)
_SCHEMA_7_RUN_FIELDS = ("step", "parent_run", "forked_at", "fork", "steering")
"""What schema 7 (issue 39: steer the loop) added to a run's metadata (exports/steer_import.py). Its
`human_verdict` beside `human_passed` is not among them: it is held to agree with `human_passed` at any version
(import_meaning.py), and an older line carrying it says nothing that line could not."""


def check_versions(record: dict[str, Any], line: int) -> None:
    """RecordError for a field newer than the line's schema_version, or two versions in one line."""
    version = int(record["schema_version"])
    meta = record["metadata"]
    inner = meta.get("schema_version")
    if inner is not None and inner != version:
        raise refuse(
            line,
            f"schema_version is {version} but metadata.schema_version is {inner}: one line is one version. Make "
            "them agree (the version of the Rubric Studio that wrote it).",
        )

    def newer(path: str, field: str, since: int) -> RecordError:
        return refuse(
            line,
            f"{path} is a field of schema_version {since} and later, but this line says schema_version {version} "
            f"(a version {version} file has no {field}; EXPORTS.md). Set schema_version to the version that wrote "
            "the line, or export it again.",
        )

    history = meta["history"]
    if version < 7:
        for key in _SCHEMA_7_RUN_FIELDS:
            if meta.get(key) not in (None, "", []):
                raise newer(f"metadata.{key}", key, 7)
    if version < 5:
        for n, step in enumerate(history):
            for k, c in enumerate(step.get("criteria") or []):
                for key in ("verdict", "check"):
                    if key in c:
                        raise newer(f"metadata.history[{n}].criteria[{k}].{key}", key, 5)
        for k, c in enumerate(meta.get("final_criteria") or []):
            for key in ("verdict", "check"):
                if key in c:
                    raise newer(f"metadata.final_criteria[{k}].{key}", key, 5)
        for n, step in enumerate(history):
            if "grader_tools" in step:
                raise newer(f"metadata.history[{n}].grader_tools", "grader_tools", 5)
    if version < 6 and meta.get("suite") is not None:
        raise newer("metadata.suite", "suite", 6)
    for key, since in _NEWER_RUN_FIELDS:
        if version < since and meta.get(key) is not None:
            raise newer(f"metadata.{key}", key, since)
    for n, step in enumerate(history):
        for key, since in _NEWER_STEP_FIELDS:
            if version < since and step.get(key) is not None:
                raise newer(f"metadata.history[{n}].{key}", key, since)
