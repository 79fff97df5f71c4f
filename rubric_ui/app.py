"""Rubric Studio's Streamlit entry: page config, navigation over app_pages/, and the shared sidebar. No logic here.

`rubric-studio ui` runs this file; in a checkout the top-level `app.py` calls `main()`
(`streamlit run app.py`, `make run`). Page files are named by absolute path, so the
app works from any directory, installed or not.
"""

from pathlib import Path

import streamlit as st

from rubric_ui.page_style import PAGE_CSS
from rubric_ui.pages import PAGES_DIR as PAGES
from rubric_ui.resources import warm_up
from rubric_ui.sidebar import mark_drawn
from rubric_ui.state import RUN_PAGE, keep_widget_state

HERE = Path(__file__).resolve().parent
# A local file: a material-icon favicon is fetched from an outside host (fails offline).
ICON = str(HERE / "assets" / "favicon.png")


def main() -> None:
    """One script run of the app."""
    # Once per process, first thing on the first page anyone opens (not after the Run editor is drawn): the
    # worker processes take seconds to start, and a first Start that came before they were up waited for them.
    warm_up()
    st.set_page_config(page_title="Rubric Studio", page_icon=ICON, layout="wide")
    st.html(PAGE_CSS)  # page width, and the product's own words while the server is unreachable

    present = st.Page(PAGES / "present.py", title="Present", icon=":material/slideshow:", url_path="present")
    if st.query_params.get("view") == "present":
        page = st.navigation([present], position="hidden")
    else:
        page = st.navigation(
            [
                st.Page(PAGES / "run.py", title=RUN_PAGE, icon=":material/play_arrow:", url_path="run", default=True),
                st.Page(PAGES / "runs.py", title="Runs", icon=":material/history:", url_path="runs"),
                st.Page(PAGES / "rubrics.py", title="Rubrics", icon=":material/checklist:", url_path="rubrics"),
                st.Page(PAGES / "suites.py", title="Suites", icon=":material/dataset:", url_path="suites"),
                st.Page(PAGES / "review.py", title="Review", icon=":material/rate_review:", url_path="review"),
                st.Page(PAGES / "export.py", title="Export", icon=":material/download:", url_path="export"),
                present,
            ]
        )
        from rubric_ui.sidebar import show_sidebar

        show_sidebar()
    st.set_page_config(page_title=f"{page.title} · Rubric Studio", page_icon=ICON)
    keep_widget_state(page.title)
    try:
        page.run()
    finally:  # also when the page fails (a page that stops early draws it before st.stop)
        mark_drawn()


if __name__ == "__main__":
    main()
