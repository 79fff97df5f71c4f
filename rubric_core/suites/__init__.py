"""Suites: one rubric over a dataset of tasks, one real loop per item, compared and gated.

`suite_run_ids(store, suite_run_id)` gives the ordinary run ids of a suite run's
items (for reviews, regrades and any run view).

Imports: `execution`, `engine`, `projects`, `models`, `store`, `config` and the shared base modules (`pairing`).
`views` (the matrix view) and `exports` (a suite run's export) stand on suites, never the other way.
"""

from __future__ import annotations

from rubric_core.suites.suite_store import suite_run_ids

__all__ = ["suite_run_ids"]
