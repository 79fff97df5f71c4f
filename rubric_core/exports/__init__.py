"""Eval-dataset exports (shapes documented in docs/EXPORTS.md).

Every writer streams: runs are read in batches by keyset paging and written
as they come, so memory stays bounded whatever the number of runs. Every
record carries `schema_version` (EXPORT_SCHEMA_VERSION, the version of the
export shapes, not of the store's tables). The run-level JSONL is lossless:
`rubric_core.exports.importer` rebuilds every stored field from it. Nothing secret is
in the store, so nothing secret can reach an export; the tests plant keys to
prove it. CSV cells are neutralised against spreadsheet formula injection;
the other formats keep the exact text.

Imports: `views`, `judge`, `suites`, `engine`, `store`, `config` and the shared base modules. The calibration set
(`calibration.py`) and a suite run's export (`suite_export.py`) are export shapes, so they live here.
"""

from rubric_core.exports.formats import (
    BATCH,
    EXPORT_SCHEMA_VERSION,
    FORMAT_LABELS,
    FORMATS,
    PARQUET_FRAMES,
    ExportResult,
)
from rubric_core.exports.langsmith import langsmith_configured, upload_to_langsmith
from rubric_core.exports.records import event_extras, grader_records, langsmith_example, pair_records, run_record
from rubric_core.exports.writers import csv_safe, export_runs

__all__ = [
    "BATCH",
    "EXPORT_SCHEMA_VERSION",
    "FORMATS",
    "FORMAT_LABELS",
    "PARQUET_FRAMES",
    "ExportResult",
    "csv_safe",
    "event_extras",
    "export_runs",
    "grader_records",
    "langsmith_configured",
    "langsmith_example",
    "pair_records",
    "run_record",
    "upload_to_langsmith",
]
