"""The least the matrix element can cost in a new tab: bench/matrix.py measures it beside the Suites page.

One page under `st.navigation`, as in the app, that mounts the very matrix element of the Suites page
(rubric_ui/widgets/matrix_element.py) with the payload the page built for the same matrix, read from the JSON file
$RUBRIC_STUDIO_MATRIX_PAYLOAD. No store, no query, no form, no other element: whatever this costs, the matrix on
the Suites page costs at least as much.
"""

import json
import os
from pathlib import Path

import streamlit as st

from rubric_ui.widgets.matrix_element import matrix_element

st.set_page_config(page_title="Matrix floor", layout="wide")


def _page() -> None:
    payload = json.loads(Path(os.environ["RUBRIC_STUDIO_MATRIX_PAYLOAD"]).read_text(encoding="utf-8"))
    st.title("Matrix floor")
    matrix_element(payload, key="floor")


st.navigation([st.Page(_page, title="Matrix", url_path="matrix")]).run()
