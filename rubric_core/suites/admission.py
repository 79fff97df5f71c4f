"""What a suite run is checked against before it is stored: its items (each a run the config check accepts) and
its concurrency."""

from __future__ import annotations

from typing import Any

from rubric_core.config import RunConfig
from rubric_core.suites import suite_store as ss
from rubric_core.suites.datasets import Dataset

DEFAULT_CONCURRENCY = 4
MAX_CONCURRENCY = 64


def check_items(dataset: Dataset, config: RunConfig) -> None:
    """Refuse a dataset whose items the run config check refuses (an over-long task, a NUL in it), naming them.

    Checked before the suite run is stored: an item refused later would never start and leave the
    suite waiting on it.
    """
    from rubric_core.config import ConfigError

    shared = {**config.to_dict(), "task": ""}
    suite = {"config": {k: v for k, v in shared.items() if k != "task"}}
    refused = []
    for position, item in enumerate(dataset.items):
        try:
            ss.item_config(suite, {"task": item.task, "reference": item.reference, "position": position}, checking=True)
        except ConfigError as exc:
            problem = next(iter(exc.errors.values()))
            refused.append(f"item {item.id!r}: {problem.rstrip('.')}")  # joined with '; ' and ended once, below
    if refused:
        more = f" (and {len(refused) - 3} more)" if len(refused) > 3 else ""
        msg = (
            f"{len(refused)} item(s) of {dataset.name} cannot run: {'; '.join(refused[:3])}{more}. "
            "Fix or remove them; nothing was run or stored."
        )
        raise ValueError(msg)


def check_concurrency(value: Any) -> int:
    """A whole number from 1 to 64, else ValueError with the fix."""
    bad = f"Concurrency must be a whole number from 1 to {MAX_CONCURRENCY}; got {value!r}."
    if isinstance(value, bool):
        raise ValueError(bad)
    try:
        n = int(str(value).strip())
    except ValueError:
        raise ValueError(bad) from None
    if not 1 <= n <= MAX_CONCURRENCY:
        raise ValueError(bad)
    return n
