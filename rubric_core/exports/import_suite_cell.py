"""One imported run's place in a suite run (`metadata.suite`, schema 6), checked on its own line.

A cell of a matrix has its column and a one-column suite run's item has none; the column is one of the matrix's
and a configuration a suite run could run; the run was made by its column (its models, rubric and cap); the item
is a row a dataset could have (an id of plain text, a position below the dataset limit); the suite run existed
before its run started. What the lines of one suite run must agree on between them is import_whole.py's.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from rubric_core.exports.import_errors import refuse

_CLOCK_SLACK_S = 1.0


def check_suite_cell(record: dict[str, Any], line: int) -> None:
    """RecordError for the first thing the line's `metadata.suite` gets wrong (nothing to check outside a suite)."""
    suite = record["metadata"].get("suite")
    if not suite:
        return
    from rubric_core.suites.datasets import MAX_ITEMS

    columns = suite.get("columns")
    column = suite.get("column")
    count = columns if isinstance(columns, int) else (2 if column else 1)
    if count == 1 and column is not None:
        raise refuse(
            line,
            "metadata.suite.column is set, but metadata.suite.columns is 1: a one-column suite run has no column "
            "(column null; its settings are metadata.suite.config).",
        )
    if count > 1 and column is None:
        raise refuse(
            line,
            f"metadata.suite.column is null, but the suite run is a matrix of {count} columns: each cell names its "
            "column.",
        )
    item = suite["item"]
    if item["position"] >= MAX_ITEMS:
        raise refuse(
            line,
            f"metadata.suite.item.position is {item['position']:,}: a dataset has at most {MAX_ITEMS:,} items "
            "(positions 0 to 9,999).",
        )
    from rubric_core.judge.reviews import has_control

    if has_control(item["id"]) or not item["id"].strip():
        raise refuse(
            line,
            f"metadata.suite.item.id {item['id'][:40]!r} is not an item id a dataset gives: plain text on one line "
            "(no control characters).",
        )
    _check_created(record, suite, line)
    if column is not None:
        _check_column(record, suite, column, count, line)


def _check_created(record: dict[str, Any], suite: dict[str, Any], line: int) -> None:
    def ts(value: Any) -> float | None:
        try:
            dt = datetime.fromisoformat(str(value))
        except ValueError:
            return None
        return (dt if dt.tzinfo else dt.replace(tzinfo=UTC)).timestamp()

    suite_at, run_at = ts(suite.get("created_at")), ts(record["metadata"].get("created_at"))
    if suite.get("created_at") is not None and suite_at is None:
        raise refuse(line, f"metadata.suite.created_at is not an ISO date-time ({suite['created_at']!r}).")
    if suite_at is not None and run_at is not None and suite_at > run_at + _CLOCK_SLACK_S:
        raise refuse(
            line,
            f"metadata.suite.created_at ({suite['created_at']}) is after the run's own created_at "
            f"({record['metadata']['created_at']}): a suite run starts its item runs after it is created.",
        )


def _check_column(record: dict[str, Any], suite: dict[str, Any], column: dict[str, Any], count: int, line: int) -> None:
    """The column is the matrix's, a configuration a suite run could run, and the one that made this run."""
    from rubric_core.config import ConfigError, RunConfig

    if column["index"] >= count:
        raise refuse(
            line,
            f"metadata.suite.column.index {column['index']} is not a column of a matrix of {count} columns "
            "(counted from 0).",
        )
    config = {k: v for k, v in column["config"].items() if k != "project"}
    config.update(task="(each item's task)", rubric=str(column.get("rubric") or config.get("rubric") or "- x"))
    try:
        RunConfig.from_dict(config)
    except ConfigError as exc:
        field, problem = next(iter(exc.errors.items()))
        raise refuse(line, f"metadata.suite.column.config.{field}: {problem}") from None
    meta = record["metadata"]
    for role, key in (("working model", "model"), ("grader", "grader")):
        given = column["config"].get(key)
        if given is not None and str(given).strip() != meta["models"][key].strip():
            raise refuse(
                line,
                f"the run's {role} is {meta['models'][key]}, but its column ({column['label']!r}) runs {given}: "
                f"metadata.suite.column.config.{key} and metadata.models.{key} must agree.",
            )
    run_config = meta.get("config") or {}
    first_rubric = run_config.get("rubric") or record["inputs"]["rubric"]
    if column.get("rubric") is not None and column["rubric"] != first_rubric:
        raise refuse(
            line,
            f"metadata.suite.column.rubric is not the rubric the run was graded with (inputs.rubric): a cell "
            f"runs its column's rubric ({column['label']!r}).",
        )
    cap, own = column["config"].get("max_iterations"), run_config.get("max_iterations")
    if cap is not None and own is not None and cap != own:
        raise refuse(
            line,
            f"the run's max_iterations is {own}, but its column ({column['label']!r}) sets {cap}: "
            "metadata.suite.column.config.max_iterations and metadata.config.max_iterations must agree.",
        )
