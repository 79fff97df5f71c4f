"""The least a Streamlit page of our shape can cost: bench/scale.py measures it beside the app (issue 22, item 6).

Two pages under `st.navigation`, as in the app. "Runs": a title, the same caption and a 100-row table of nine
columns (as many rows as a page of the Runs list), whose task (a button, as in the app) switches to "Run". "Run": an iframe
holding an element of class `rs-hm-grid` and a verdict mark, the two things scale.py waits for on a run page.
No store, no query, no run view: whatever this costs, any Streamlit page of that shape costs at least as much.
"""

import pandas as pd
import streamlit as st

ROWS = 100

st.set_page_config(page_title="Streamlit floor", layout="wide")


def _rows() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "status": ["satisfied"] * ROWS,
            "created": ["12-03 10:00"] * ROWS,
            "task": [f"Write a short poem about the harbour, number {i}" for i in range(ROWS)],
            "rubric": ["poem v1"] * ROWS,
            "model": ["offline:writer"] * ROWS,
            "grader": ["offline:grader"] * ROWS,
            "iter.": [5] * ROWS,
            "tokens": [1234] * ROWS,
            "tags": ["bench"] * ROWS,
        }
    )


def _open() -> None:
    click = st.session_state["task_click"]
    if click:
        st.session_state["opened"] = click["row"]


def _ignore() -> None:
    """A tick changes nothing here."""


def runs() -> None:
    if "opened" in st.session_state:
        st.switch_page(run_page, query_params={"run": str(st.session_state.pop("opened"))})
    st.title("Runs")
    st.caption(f"{st.query_params.get('total', '2,000')} runs · page 1 of 20")
    task = st.column_config.ButtonColumn(type="tertiary", alignment="left", on_click=_open, key="task_click")
    st.dataframe(
        _rows(),
        hide_index=True,
        on_select=_ignore,  # as in the app, rows can be ticked (the box column moves the task where it is there)
        selection_mode=["multi-row", "single-cell"],
        key="table",
        column_config={"task": task},
    )


def run() -> None:
    st.title("Run")
    st.iframe('<div class="rs-hm-grid">heatmap</div>', height=120)
    st.html(f'<span class="rs-verdict" data-iteration="4">run {st.query_params.get("run", "")}</span>')


# As in the app: the Run page is the default (its URL is the bare address) and Runs is /runs.
run_page = st.Page(run, title="Run", url_path="run", default=True)
runs_page = st.Page(runs, title="Runs", url_path="runs")
st.navigation([run_page, runs_page]).run()
