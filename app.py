"""Rubric Studio: page config, navigation over pages/, and the shared sidebar. No logic here."""

import streamlit as st

st.set_page_config(page_title="Rubric Studio", page_icon=":material/check_circle:", layout="wide")

present = st.Page("pages/present.py", title="Present", icon=":material/slideshow:", url_path="present")
if st.query_params.get("view") == "present":
    page = st.navigation([present], position="hidden")
else:
    page = st.navigation(
        [
            st.Page("pages/run.py", title="Run", icon=":material/play_arrow:", url_path="run", default=True),
            st.Page("pages/runs.py", title="Runs", icon=":material/history:", url_path="runs"),
            st.Page("pages/rubrics.py", title="Rubrics", icon=":material/checklist:", url_path="rubrics"),
            st.Page("pages/suites.py", title="Suites", icon=":material/dataset:", url_path="suites"),
            st.Page("pages/review.py", title="Review", icon=":material/rate_review:", url_path="review"),
            st.Page("pages/export.py", title="Export", icon=":material/download:", url_path="export"),
            present,
        ]
    )
    from rubric_ui.sidebar import show_sidebar

    show_sidebar()
page.run()
