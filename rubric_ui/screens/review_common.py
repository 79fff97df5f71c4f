"""What the Review page's parts share: the reviewer's session key, table styles, verdict labels, the review scope."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

import streamlit as st

from rubric_ui.session.access import REVIEWER_NAME

if TYPE_CHECKING:
    from rubric_core.store import Store

REVIEWER = REVIEWER_NAME
"""Session-state key of the reviewer's name: kept for the browser session, across pages (the Run page's overrides
and forks and the audit trail record the same name: rubric_ui/session/access.py)."""
TABLE_CSS = (
    "<style>.rv-t{width:100%;border-collapse:collapse;font-size:0.9rem}.rv-t td,.rv-t th{border:1px solid #d0d7de;"
    "padding:4px 8px;text-align:left;vertical-align:top}.rv-pass{color:#1a7f37}.rv-fail{color:#cf222e}"
    ".rv-changed{background:#fff8c5}</style>"
)


def esc(value: object) -> str:
    """Any value as escaped HTML text."""
    return html.escape(str(value))


def verdict_label(passed: bool | None) -> str:
    """A verdict in words, with a mark: pass, fail, or a dash for none."""
    return "—" if passed is None else ("✔ pass" if passed else "✘ fail")


def grader_verdict_label(verdict: str) -> str:
    """The grader's verdict record in words: ✔ pass, ✘ fail, or n/a (it could not judge the criterion)."""
    return {"pass": "✔ pass", "fail": "✘ fail"}.get(verdict, "n/a (the grader could not judge it)")


# ---- the queue --------------------------------------------------------------------------------------


def review_scope(store: Store, run_id: str) -> tuple[list[str], str]:
    from rubric_core.store import judge as judge_store
    from rubric_core.suites.suite_store import suite_of_run

    run = store.get_run(run_id) or {}
    options = {"This run": ([run_id], "this run")}
    if run.get("rubric_name"):
        ids = judge_store.run_ids_with_rubric_name(store, run["rubric_name"])
        options[f"Every run of rubric {run['rubric_name']}"] = (ids, f"{len(ids)} runs of the rubric")
    if run.get("grader"):
        ids = judge_store.run_ids_with_grader(store, run["grader"])
        options[f"Every run graded by {run['grader']}"] = (ids, f"{len(ids)} runs of the grader")
    suite = suite_of_run(store, run_id)
    if suite is not None:
        suite_id, ids = suite
        options[f"Its suite run {suite_id[:8]}"] = (ids, f"the {len(ids)} items of suite run {suite_id[:8]}")
    choice = st.radio("Scope", list(options), horizontal=True, key="review_scope") or "This run"
    return options.get(choice, options["This run"])
