"""What every export shares: the schema version, the formats, the result, and the batched read of the store."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import NamedTuple

from rubric_core.events import RunEvent
from rubric_core.exports.prefetch import prefetched
from rubric_core.exports.review_fields import CALIBRATION_LABEL, attach_reviews
from rubric_core.store import RunFilter, Store

EXPORT_SCHEMA_VERSION = 7
"""The version of the export shapes. 1: the first release. 2: run records gain metadata.error,
metadata.turn_inputs and per-step draft_tokens, grading_run_id, timestamps and tool_events; pairs gain prompt,
chosen, rejected and pass counts; LangSmith records use reference_outputs; Parquet writes one
folder per frame; criterion rows carry the newest human review. 3: every record, row and frame that has the
0-based `iteration` also has `iteration_number`, the same iteration counted from 1 as the dashboard shows it
(iteration_number 1 = the first draft). 4: likewise `turn_number` beside the 0-based `turn` (turn_number 1 = the
run's first message; a follow-up is turn 2, as the dashboard says). 5: every criterion verdict is pass, fail or n/a
with the check that decided it. 6: a run-level record of a suite run's item carries `metadata.suite` (the suite run,
the item and, in a matrix, its column with the column's configuration), so import rebuilds the suite run and its
matrix. 7: a run-level record carries its step mode, the run it was forked from (`parent_run`, `forked_at`, what
the fork changed) and what people decided at its pauses (`steering`, each human override among them); a criterion's
human review says its verdict (`human_verdict`: pass, fail or n/a). The importer reads every version up to this
one."""
FORMATS = ("jsonl", "grader-jsonl", "pairs", "csv", "parquet", "langsmith", "calibration")
FORMAT_LABELS = {
    "jsonl": "JSONL, one example per run (inputs, outputs, metadata)",
    "grader-jsonl": "JSONL, one example per grading pass (for evaluating graders)",
    "pairs": "JSONL preference pairs (prompt, chosen, rejected) from revisions that passed more criteria",
    "csv": "CSV, criteria in long format (formula-like cells neutralised for spreadsheets)",
    "parquet": "Parquet, one folder per frame (runs/, iterations/, criteria/)",
    "langsmith": "LangSmith dataset examples (file; uploaded when a key is configured)",
    "calibration": CALIBRATION_LABEL,
}
EXTRA_EVENT_TYPES = (
    "run_started",
    "grading_started",
    "tool_call",
    "tool_result",
    "finished",
    "error",
    "cancelled",
    "steered",
)
"""The event types `event_extras` (records.py) reads: read with each batch."""
BATCH = 1000
PARQUET_FRAMES = ("runs", "iterations", "criteria")


@dataclass
class ExportResult:
    """What an export wrote."""

    format: str
    records: int
    paths: list[Path] = field(default_factory=list)
    message: str = ""
    failed: bool = False
    """A part of the export failed (the LangSmith upload): `message` says what; the file was still written."""


def iso_time(ts: float | None) -> str | None:
    """A Unix time as ISO 8601 in UTC (None for none)."""
    return datetime.fromtimestamp(ts, UTC).isoformat() if ts else None


class Batch(NamedTuple):
    """BATCH runs of an export, read together."""

    runs: list[dict]
    its: dict[str, list[dict]]
    """Iteration rows by run id."""
    crit: dict[tuple, list[dict]]
    """Criterion rows (each with its newest human review under `review`) by (run, turn, iteration)."""
    events: dict[str, list[RunEvent]]
    """The events of EXTRA_EVENT_TYPES of the runs `read_batches` was asked for (`events_of`)."""
    suites: dict[str, dict]
    """Run id -> where it sits in a suite run (`rubric_core.suites.suite_store.suite_links`); runs outside any are
    left out."""


def read_batches(
    store: Store, flt: RunFilter | None, *, events_of: Callable[[dict], bool] | None = None
) -> Iterator[Batch]:
    """The runs matching `flt`, BATCH at a time, with the events of those runs for which `events_of(run)` holds.

    Each batch is read in a thread of its own while the caller writes the one before: the database's part of a
    read (and pyarrow's part of a write) runs without the GIL, so on two cores they overlap.
    """
    return prefetched(_read_batch(store, ids, events_of) for ids in store.iter_run_ids(flt, batch=BATCH))


def _read_batch(store: Store, ids: list[str], events_of: Callable[[dict], bool] | None) -> Batch:
    runs = store.get_runs(ids)
    its: dict[str, list[dict]] = {}
    for row in store.iterations(ids):
        its.setdefault(row["run_id"], []).append(row)
    crit: dict[tuple, list[dict]] = {}
    crit_rows = store.criteria(ids)
    attach_reviews(store, ids, crit_rows)  # every format carries the human verdict beside the grader's
    for row in crit_rows:
        crit.setdefault((row["run_id"], row["turn"], row["iteration"]), []).append(row)
    wanted = [r["id"] for r in runs if events_of(r)] if events_of else []
    from rubric_core.redaction import redact_data
    from rubric_core.suites.suite_store import suite_links

    # Every export reads the store through here: no secret the process knows leaves in one, even from rows
    # written before the store redacted what it is given (the JSON Lines writer redacts each record too).
    return Batch(
        redact_data(runs),
        redact_data(its),
        redact_data(crit),
        store.events_of_types(wanted, EXTRA_EVENT_TYPES),
        redact_data(suite_links(store, ids)),
    )
