"""On the Run page, the link from an item of a suite run back to that suite run (and its matrix view)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import streamlit as st

from rubric_ui.safe import md, valid_run_id
from rubric_ui.session.page_files import SUITES_PAGE_FILE

if TYPE_CHECKING:
    from rubric_core.store import Store


def show_suite_link(store: Store, run_id: str) -> None:
    """An item of a suite run (opened from its grid or its matrix) links back to that suite run (a matrix cell's
    link names its column)."""
    if not valid_run_id(run_id):
        return
    from rubric_core.suites import suite_store as ss

    found = ss.cell_of_run(store, run_id)
    if found is None:
        return
    suite_id = str(found["suite_run_id"])
    # A suite run's name and a column's label are typed by a user: escaped (a page link's label is Markdown).
    name = md(str(found["suite_name"])) if found["suite_name"] else suite_id[:8]
    column = f" (column {found['column'] + 1}: {md(str(found['label']))})" if found["column"] is not None else ""
    from rubric_core.views.matrix_view import suite_view

    # Opened from the matrix, the cell's link carried the view it was opened from (`sv`): back to that same view.
    view = suite_view(st.query_params.get("sv"), suite_id)
    st.page_link(
        SUITES_PAGE_FILE,
        label=f"Back to the suite run {name}{column}",
        icon=":material/arrow_back:",
        query_params={"suite": suite_id, **view},
    )
