"""The calibration dataset: one JSON line per reviewed cell (the draft, the criterion, the grader's verdict and
gap, the human verdict and reason), the data to evaluate or train a judge. An export shape like the others
(formats.py registers it; writers.py writes it); the review fields every format carries are review_fields.py's.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rubric_core.exports.formats import BATCH, EXPORT_SCHEMA_VERSION, ExportResult

if TYPE_CHECKING:
    from rubric_core.store import RunFilter, Store


def _iso(ts: float | None) -> str | None:
    return datetime.fromtimestamp(ts, UTC).isoformat() if ts else None


def calibration_records(store: Store, run_ids: list[str]) -> list[dict[str, Any]]:
    """One record per reviewed cell of these runs (the export schema's version, turns and iterations counted from 0
    with their numbers from 1 beside them, as every export has)."""
    from rubric_core.judge.reviews import review_cells

    out = []
    for c in review_cells(store, run_ids):
        if c["human_passed"] is None:
            continue
        out.append(
            {
                # The export schema's version (it carried the store's, 12 while the exports said 5).
                "schema_version": EXPORT_SCHEMA_VERSION,
                "run_id": c["run_id"],
                "turn": c["turn"],
                "turn_number": c["turn"] + 1,
                "iteration": c["iteration"],
                "iteration_number": c["iteration"] + 1,
                "position": c["position"],
                "task": c["task"],
                "rubric": c["rubric"],
                "draft": c["draft"],
                "files": [{"path": p, "content": v} for p, v in c["files"].items()],
                "criterion": c["criterion"],
                "grader": c["grader"],
                "grader_passed": None if c["verdict"] == "n/a" else c["passed"],
                "grader_verdict": c["verdict"],
                "grader_check": c["check"],
                "grader_gap": c["gap"] or None,
                "human_passed": c["human_passed"],
                "human_reason": c["human_reason"],
                "reviewer": c["reviewer"],
                "reviewed_at": _iso(c["reviewed_at"]),
                "agree": None if c["verdict"] == "n/a" else c["passed"] == c["human_passed"],
            }
        )
    return out


def export_calibration(store: Store, out: str | Path, flt: RunFilter | None = None) -> ExportResult:
    """Write the calibration set of the runs matching `flt` to `out` (JSONL), batch by batch."""
    from rubric_core.redaction import redact_data

    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    n = 0
    with out.open("w", encoding="utf-8") as f:
        for ids in store.iter_run_ids(flt, batch=BATCH):
            for record in calibration_records(store, ids):
                f.write(json.dumps(redact_data(record), ensure_ascii=False) + "\n")
                n += 1
    return ExportResult("calibration", n, [out])
