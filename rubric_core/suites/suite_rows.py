"""What the suite tables' code shares: the statuses of a suite run's items and the SQL of its cells (the base of
suite_store.py, which writes and reads suite runs, and suite_cells.py, which reads their items and cells)."""

from __future__ import annotations

FINISHED_RUN_STATUSES = ("satisfied", "max_iterations_reached", "failed", "grader_error", "error")
"""An item whose run ended in one of these ended (statistics count it); cancelled or interrupted ones did not."""
RESULT_STATUSES = ("satisfied", "max_iterations_reached", "failed")
"""Ends that are a quality result of the working agent under the rubric. Any other end (grader_error: the
grader or its provider failed; error: the working model or the agent raised; interrupted: a worker, a
process or the database was lost; cancelled; never started, e.g. refused by the config check) is an
infrastructure failure: it says nothing about quality, sets the suite apart as `finished_with_errors`
(CI exit 1) and `suite resume` runs the item again."""
SUITE_STATUSES = ("running", "finished", "finished_with_errors", "cancelled", "interrupted")


def _links(suite: str) -> str:
    """Every cell of a suite run as (position, column_index, run_id) rows: a one-column suite run's items (column 0),
    or a matrix's cells. `suite` is the SQL that names the suite run's id (a bound name, or a column of an outer
    query)."""
    return (
        f"SELECT i.position, 0 AS column_index, i.run_id FROM suite_items i WHERE i.suite_run_id = {suite} "
        "AND NOT EXISTS (SELECT 1 FROM suite_columns m WHERE m.suite_run_id = i.suite_run_id) "
        f"UNION ALL SELECT c.position, c.column_index, c.run_id FROM suite_cells c WHERE c.suite_run_id = {suite}"
    )
