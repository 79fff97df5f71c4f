"""The least a Streamlit page of our shape can cost: bench/scale.py measures it beside the app (issue 22, item 6).

Two pages under `st.navigation`, as in the app. "Runs": a title, the same caption and a 100-row table of nine
columns (as many rows as a page of the Runs list), whose task (a button, as in the app) switches to "Run". "Run": one
components v2 element (as the app's run view element) whose script draws an element of class `rs-hm-grid` and a
verdict mark, the two things scale.py waits for on a run page. (Before the run view became one element, the floor's
run page was an iframe holding the grid and the verdict mark beside it.) No store, no query, no payload: whatever
this costs, any Streamlit page of that shape costs at least as much.
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


_RUN_VIEW = st.components.v2.component(
    "floor.run_view",
    html='<div class="floor-run"></div>',
    js="""export default function ({ data, parentElement }) {
  const root = parentElement.querySelector(".floor-run");
  root.textContent = "";
  const grid = document.createElement("div");
  grid.className = "rs-hm-grid";
  grid.textContent = "heatmap";
  const verdict = document.createElement("span");
  verdict.className = "rs-verdict";
  verdict.dataset.iteration = "4";
  verdict.textContent = "run " + data.run;
  root.append(grid, verdict);
}""",
    isolate_styles=False,
)


def run() -> None:
    st.title("Run")
    _RUN_VIEW(key="run_view", data={"run": st.query_params.get("run", "")})


# As in the app: the Run page is the default (its URL is the bare address) and Runs is /runs.
run_page = st.Page(run, title="Run", url_path="run", default=True)
runs_page = st.Page(runs, title="Runs", url_path="runs")
st.navigation([run_page, runs_page]).run()
