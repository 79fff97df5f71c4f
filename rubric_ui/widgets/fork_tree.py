"""A run's fork tree on the page: its first ancestor, every fork, forks of forks, each a link, each fork with a
link to compare it with its parent from the fork point on (the Runs page's compare view)."""

from __future__ import annotations

from typing import Any

import streamlit as st

from rubric_core.store.forks import fork_tree
from rubric_core.views.run_view import STATUS_LABELS
from rubric_core.views.steer_view import fork_changes
from rubric_ui.safe import md
from rubric_ui.session.page_files import RUN_PAGE_FILE, RUNS_PAGE_FILE

COMPARE_PARAM = "compare"
"""Runs page query parameter: `PARENT,FORK` shows the compare view of the two."""
SINCE_PARAM = "since"
"""Runs page query parameter: `TURN:ITERATION` (0-based), the fork point the compare starts from."""


def compare_params(row: dict[str, Any]) -> dict[str, str]:
    """The Runs page's query parameters comparing a fork with its parent from its fork point on."""
    return {
        COMPARE_PARAM: f"{row['parent_run']},{row['id']}",
        SINCE_PARAM: f"{int(row['forked_turn'] or 0)}:{int(row['forked_at'] or 0)}",
    }


def this_run_markdown(indent: str, label: str) -> str:
    """The tree's line for the run shown, in bold. The indent and the arrow stay outside the `**`: Markdown takes
    `**` followed by a space as literal asterisks, and the page showed `**  ↳ 0fad565e · ...** (this run)`."""
    text = label[len(indent) :]
    arrow = "↳ " if text.startswith("↳ ") else ""
    return f"{indent}{arrow}**{md(text[len(arrow) :])}** (this run)"


def show_fork_tree(store: Any, run_id: str, *, key: str = "run") -> None:
    """The tree `run_id` is in, when it is a fork or has forks (nothing otherwise)."""
    tree = fork_tree(store, run_id)
    if len(tree) < 2:
        return
    with st.container(key=f"{key}_fork_tree", border=True):
        st.markdown(f"**Fork tree** · {len(tree)} runs")
        for row in tree:
            indent = "\u2003" * int(row["depth"])
            status = STATUS_LABELS.get(row["status"], row["status"])
            what = ""
            if row["parent_run"]:
                what = (
                    f" · from iteration {int(row['forked_at']) + 1}"
                    + (f" of turn {int(row['forked_turn']) + 1}" if row["forked_turn"] else "")
                    + f": {fork_changes(row['fork'])}"
                )
            label = f"{indent}{'↳ ' if row['depth'] else ''}{row['id'][:8]} · {status}{what}"
            if row["id"] == run_id:
                st.markdown(this_run_markdown(indent, label))
            else:
                st.page_link(RUN_PAGE_FILE, label=md(label), query_params={"run": row["id"]})
            if row["parent_run"]:
                st.page_link(
                    RUNS_PAGE_FILE,
                    label=f"{indent}\u2003compare {row['id'][:8]} with its parent from the fork point on",
                    icon=":material/compare_arrows:",
                    query_params=compare_params(row),
                )
