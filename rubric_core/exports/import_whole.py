"""An import file checked as a whole: its lines against each other, and against the store, before any is written.

A run id appears once. The lines of one suite run rebuild one suite run, so they agree: on the suite run itself
(name, dataset and its hash, concurrency, how many columns, rubric, when it was created), on each column (its
label, configuration and rubric, and no two columns with one label), on each item (one id per position, one
position per id, one task and reference across its columns), and one run per cell. A suite run the store holds
already is not rebuilt: a line that contradicts it is refused, and a run imported beside it is said to be.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from rubric_core.exports.import_errors import RecordError

SUITE_FIELDS = (
    "name",
    "created_at",
    "dataset_name",
    "dataset_hash",
    "concurrency",
    "columns",
    "rubric_name",
    "rubric_version",
    "config",
)
"""What every line of one suite run says the same of it."""
COLUMN_FIELDS = ("label", "config", "rubric", "rubric_name", "rubric_version")


def _refuse(line: int, message: str) -> RecordError:
    return RecordError(f"line {line}: {message} Fix the file, or export the suite run again (`suite export`).")


def _same(a: Any, b: Any) -> bool:
    return json.dumps(a, sort_keys=True, default=str) == json.dumps(b, sort_keys=True, default=str)


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 60 else text[:57] + "..."


@dataclass
class _Suite:
    first_line: int
    fields: dict[str, Any]
    columns: dict[int, tuple[int, dict[str, Any]]] = field(default_factory=dict)
    labels: dict[str, int] = field(default_factory=dict)
    positions: dict[int, tuple[int, str, str, Any, Any]] = field(default_factory=dict)
    """position -> (line, item id, task, reference, metadata)."""
    ids: dict[str, tuple[int, int]] = field(default_factory=dict)
    """item id -> (line, position)."""
    cells: dict[tuple[int, int | None], tuple[int, str]] = field(default_factory=dict)
    """(position, column) -> (line, run id)."""


@dataclass
class FileCheck:
    """Collects what each line says of its run and its suite run; refuses a line that contradicts an earlier one."""

    ids: dict[str, int] = field(default_factory=dict)
    suites: dict[str, _Suite] = field(default_factory=dict)

    def add(self, record: dict[str, Any], line: int) -> None:
        """Take one checked record; RecordError when it contradicts a line before it."""
        run_id = record["id"]
        if run_id in self.ids:
            raise RecordError(
                f"line {line}: run id {run_id!r} already appears on line {self.ids[run_id]}: keep one of them."
            )
        self.ids[run_id] = line
        suite = record["metadata"].get("suite")
        if suite:
            self._add_cell(record, suite, line)

    def _add_cell(self, record: dict[str, Any], suite: dict[str, Any], line: int) -> None:
        sid = suite["suite_run_id"]
        known = self.suites.get(sid)
        if known is None:
            known = self.suites[sid] = _Suite(line, {k: suite.get(k) for k in SUITE_FIELDS})
        else:
            for key in SUITE_FIELDS:
                if not _same(suite.get(key), known.fields[key]):
                    raise _refuse(
                        line,
                        f"metadata.suite.{key} of suite run {sid[:12]} is {_shown(suite.get(key))} here but "
                        f"{_shown(known.fields[key])} on line {known.first_line}: one suite run has one {key}.",
                    )
        column = suite.get("column")
        index = None if column is None else int(column["index"])
        if column is not None:
            self._add_column(known, column, line)
        item = suite["item"]
        position, item_id = int(item["position"]), str(item["id"])
        task = record["inputs"]["task"]
        seen = known.positions.get(position)
        if seen is not None:
            first, other_id, other_task, reference, metadata = seen
            if other_id != item_id:
                raise _refuse(
                    line,
                    f"item position {position} is item {item_id!r} here but item {other_id!r} on line {first}: one "
                    "position holds one item.",
                )
            for what, mine, theirs in (
                ("task (inputs.task)", task, other_task),
                ("reference", item.get("reference"), reference),
                ("metadata", item.get("metadata"), metadata),
            ):
                if not _same(mine, theirs):
                    raise _refuse(
                        line,
                        f"item {item_id!r} has another {what} here than on line {first}: an item is the same in "
                        "every column.",
                    )
        else:
            known.positions[position] = (line, item_id, task, item.get("reference"), item.get("metadata"))
        other = known.ids.get(item_id)
        if other is not None and other[1] != position:
            raise _refuse(
                line,
                f"item {item_id!r} is at position {position} here but at position {other[1]} on line {other[0]}: "
                "an item has one position.",
            )
        known.ids.setdefault(item_id, (line, position))
        cell = (position, index)
        if cell in known.cells:
            where = f"item {item_id!r} (position {position})" + (f", column {index}" if index is not None else "")
            raise _refuse(
                line,
                f"suite run {sid[:12]}'s cell {where} is already the run of line {known.cells[cell][0]}: a cell has "
                "one run; keep one of them.",
            )
        known.cells[cell] = (line, record["id"])

    @staticmethod
    def _add_column(known: _Suite, column: dict[str, Any], line: int) -> None:
        index = int(column["index"])
        seen = known.columns.get(index)
        if seen is not None:
            first, theirs = seen
            for key in COLUMN_FIELDS:
                if not _same(column.get(key), theirs.get(key)):
                    raise _refuse(
                        line,
                        f"column {index}'s {key} is {_shown(column.get(key))} here but {_shown(theirs.get(key))} on "
                        f"line {first}: one column has one {key} (metadata.suite.column.{key}).",
                    )
            return
        label = str(column["label"])
        if label in known.labels:
            raise _refuse(
                line,
                f"column {index} is labelled {label!r}, the label of column {known.labels[label]}: each column has "
                "its own label (metadata.suite.column.label).",
            )
        known.labels[label] = index
        known.columns[index] = (line, column)

    def check(self, store: Any) -> list[str]:
        """Against the store: RecordError for a line that contradicts a stored suite run; the notes to say."""
        notes = []
        stored = set(store.existing_run_ids(list(self.ids)))
        for run_id, line in self.ids.items():
            if run_id in stored:
                notes.append(
                    f"line {line}: run {run_id} is already in the store: skipped (an import never replaces a "
                    "stored run; delete it first to import it again)."
                )
        for sid, suite in self.suites.items():
            notes += _against_stored(store, sid, suite, stored)
        return notes


def _against_stored(store: Any, sid: str, suite: _Suite, stored_runs: set[str]) -> list[str]:
    from rubric_core.suites.suite_store import get_suite_run, suite_cells

    held = get_suite_run(store, sid)
    if held is None:
        return []
    line = suite.first_line
    count = len(held["columns"]) or 1
    said = suite.fields["columns"] if isinstance(suite.fields["columns"], int) else count
    if said != count:
        raise _refuse(
            line,
            f"metadata.suite.columns is {said}, but the store holds suite run {sid[:12]} with {count} column(s): the "
            "stored suite run is not rebuilt, and this line contradicts it.",
        )
    for key in ("name", "dataset_hash"):
        if suite.fields[key] is not None and suite.fields[key] != held.get(key):
            raise _refuse(
                line,
                f"metadata.suite.{key} is {_shown(suite.fields[key])}, but the stored suite run {sid[:12]} has "
                f"{_shown(held.get(key))}: this line names another suite run under its id.",
            )
    labels = {int(c["index"]): c["label"] for c in held["columns"]}
    for index, (col_line, column) in suite.columns.items():
        if labels.get(index) != column["label"]:
            raise _refuse(
                col_line,
                f"column {index} is labelled {column['label']!r}, but the stored suite run {sid[:12]}'s column "
                f"{index} is {labels.get(index)!r}.",
            )
    occupied = {(int(c["position"]), c.get("column_index")): c.get("run_id") for c in suite_cells(store, sid)}
    notes = []
    for (position, col), (cell_line, run_id) in suite.cells.items():
        if run_id in stored_runs:
            continue
        other = occupied.get((position, col if held["columns"] else None))
        if other and other != run_id:
            raise _refuse(
                cell_line,
                f"suite run {sid[:12]} (in the store) has run {other} in this cell (position {position}"
                + (f", column {col}" if col is not None else "")
                + "): a cell has one run.",
            )
        notes.append(
            f"line {cell_line}: run {run_id} names suite run {sid[:12]}, which the store holds already: the run is "
            "imported on its own, and the stored suite run is left as it is (not rebuilt, the run not linked into it)."
        )
    return notes
