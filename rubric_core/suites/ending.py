"""How a suite run's end is stored: its status and its columns' (finished, with errors, or cancelled)."""

from __future__ import annotations

from typing import Any

from rubric_core.store import Store
from rubric_core.suites import suite_store as ss
from rubric_core.suites.handle import SuiteHandle


def unfinished_cells(store: Store, suite_id: str) -> list[dict[str, Any]]:
    """The cells of a suite run without a quality result."""
    return [c for c in ss.suite_cells(store, suite_id) if not c["has_result"]]


def end_suite_run(store: Store, handle: SuiteHandle, only_column: int | None) -> str:
    """Store the end of the suite run and of the columns that ran; returns the suite run's status."""
    suite_id = handle.suite_run_id
    unfinished = unfinished_cells(store, suite_id)
    open_columns = {c["column_index"] for c in unfinished}
    suite = ss.get_suite_run(store, suite_id) or {"columns": []}
    stopped = set()
    for column in suite["columns"]:
        index = column["index"]
        if index not in open_columns:
            ss.set_column_status(store, suite_id, index, "finished")
        elif handle.cancel_requested or index in handle.cancelled_columns:
            ss.set_column_status(store, suite_id, index, "cancelled")
            stopped.add(index)
        elif only_column is None or index == only_column:
            ss.set_column_status(store, suite_id, index, "finished")  # read: finished_with_errors
        elif column["status"] in ("cancelled", "interrupted", "running"):
            stopped.add(index)  # not run this time: it stays as it was left
    if not unfinished:
        status = "finished"
    elif handle.cancel_requested or stopped:
        status = "cancelled"
    else:
        status = "finished_with_errors"
    ss.set_suite_status(store, suite_id, status)
    return status
