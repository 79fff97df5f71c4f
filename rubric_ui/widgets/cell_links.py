"""Links to one cell of a run (a criterion at an iteration): the Run page opens the run at that iteration with the
criterion's heatmap cell chosen (`it` as the Run page's address says it, `crit` the criterion's place from 1)."""

from __future__ import annotations

from urllib.parse import urlencode

from rubric_ui.safe import md, valid_run_id


def cell_href(run_id: str, turn: int, iteration: int, position: int | None = None) -> str | None:
    """The Run page's address of a cell (turn, iteration and position from 0); None for a run id that is not one."""
    if not valid_run_id(run_id):
        return None
    params = {"run": run_id, "it": f"{iteration + 1}" if turn == 0 else f"{turn + 1}.{iteration + 1}"}
    if position is not None:
        params["crit"] = str(position + 1)
    return "./?" + urlencode(params)  # the Run page is the app's default page: its address is the root


def cell_link(run_id: str, turn: int, iteration: int, position: int | None, label: str) -> str:
    """A Markdown link to the cell (its label escaped), or the label alone for an id that is not a run's."""
    href = cell_href(run_id, turn, iteration, position)
    return md(label) if href is None else f"[{md(label)}]({href})"
