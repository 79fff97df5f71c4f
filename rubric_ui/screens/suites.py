"""The Suites page: start a suite run, watch it fill in, read it per item and per criterion, compare two.

The URL carries `?suite=<id>` (and `&compare=<id>`), so a reload or another tab
re-attaches. Live progress polls the store with a fragment, as the Run page does.
Every piece of dataset, agent and grader text is escaped before it is rendered.
"""

from __future__ import annotations

import hashlib
import tempfile
from pathlib import Path
from typing import Any

import pandas as pd
import streamlit as st

from rubric_core.access import Target
from rubric_core.config import ConfigError, RunConfig
from rubric_core.models.providers import check_model_ready, parse_model_spec
from rubric_core.store import Store
from rubric_core.suites import suite_store as ss
from rubric_core.suites.datasets import Dataset, DatasetError, items_from_records, load_dataset
from rubric_core.suites.example import EXAMPLE_MAX_ITERATIONS, EXAMPLE_RUBRIC_NAME, example_dataset, example_rubric
from rubric_ui.safe import md, valid_run_id
from rubric_ui.screens.suite_columns import columns_editor, columns_from_form
from rubric_ui.screens.suite_progress import show_progress
from rubric_ui.session.access import act, allowed, check_forged_actions
from rubric_ui.session.keys import run_keys
from rubric_ui.session.resources import get_manager, store_or_stop
from rubric_ui.widgets.bounded import bounded_number
from rubric_ui.widgets.fragments import draw_fragment
from rubric_ui.widgets.matrix_views import show_matrix
from rubric_ui.widgets.project import agent_picker, grader_tools_picker, open_project
from rubric_ui.widgets.suite_views import show_compare, show_suite_details

POLL_SECONDS = 0.5
FORM_OPEN = "suites_form_open"
"""Widget key: whether the "New suite run" form is open."""
FOLD_FORM = "suites_fold_form"
"""Session key: a suite run was just started here: the next page run draws the form folded, progress in sight."""
SOURCES = ("Bundled example (24 short poems)", "Upload a file", "Path on this server", "Type items", "LangSmith")


@st.cache_resource(show_spinner=False)
def get_suite_runner() -> Any:
    """The suite runner of this process, beside the run manager: suite runs survive reloads and page switches."""
    from rubric_core.suites.runner import SuiteRunner

    return SuiteRunner(get_manager())


def _dataset(source: str) -> Dataset | None:
    """The dataset picked in the form, or None with the reason shown."""
    try:
        if source == SOURCES[0]:
            return example_dataset()
        if source == SOURCES[1]:
            upload = st.session_state.get("suites_upload")
            if upload is None:
                st.error("Choose a dataset file to upload (.jsonl, .json, .csv or .parquet).")
                return None
            suffix = Path(upload.name).suffix
            with tempfile.TemporaryDirectory() as tmp:
                path = Path(tmp) / f"{Path(upload.name).stem or 'dataset'}{suffix}"
                path.write_bytes(upload.getvalue())
                return load_dataset(path)
        if source == SOURCES[2]:
            path_text = str(st.session_state.get("suites_path") or "").strip()
            if not path_text:
                st.error("Give the path of a dataset file or a Hugging Face save_to_disk directory.")
                return None
            return load_dataset(path_text)
        if source == SOURCES[3]:
            frame: pd.DataFrame = st.session_state.get("suites_typed_value", pd.DataFrame())
            rows = [{k: v for k, v in row.items() if not _blank(v)} for row in frame.to_dict("records")]
            rows = [r for r in rows if r]
            return Dataset(name="typed items", items=tuple(items_from_records(rows, "The typed items")))
        from rubric_core.suites.datasets import load_langsmith_dataset

        name = str(st.session_state.get("suites_langsmith") or "").strip()
        if not name:
            st.error("Give the LangSmith dataset name.")
            return None
        return load_langsmith_dataset(name)
    except DatasetError as exc:
        st.error(str(exc))
        return None


def _blank(value: object) -> bool:
    """An empty cell of the typed items: None, NaN, pd.NA or text of spaces only."""
    if isinstance(value, str):
        return not value.strip()
    try:
        return bool(pd.isna(value))  # type: ignore[call-overload]
    except (TypeError, ValueError):
        return False


def _start(store: Store) -> None:
    source = st.session_state.get("suites_source", SOURCES[0])
    dataset = _dataset(source)
    if dataset is None:
        return
    name = str(st.session_state.get("suites_rubric_name") or "").strip()
    rubric = str(st.session_state.get("suites_rubric") or "")
    try:
        config = RunConfig.from_dict(
            {
                "task": "(each item's task)",
                "rubric": rubric,
                "rubric_name": name,
                "model": st.session_state.get("suites_model") or "offline:writer",
                "grader": st.session_state.get("suites_grader") or "offline:grader",
                "max_iterations": st.session_state.get("suites_max_iterations", EXAMPLE_MAX_ITERATIONS),
                **_project_fields(),
            }
        )
        from rubric_core.projects.checks import check_project_config

        check_project_config(config)
    except ConfigError as exc:
        for field, message in exc.errors.items():
            st.error(f"{field}: {message}")
        return
    from rubric_core.rubric import repeated_criteria

    repeated = repeated_criteria(config.rubric)
    if repeated:  # each item's run would grade, draw and review the line as one
        st.error(f"rubric: {repeated}")
        return
    keys = run_keys()
    columns = columns_from_form(store, config)
    if columns is None:
        return
    for spec in () if columns else (config.model, config.grader):
        problem = check_model_ready(parse_model_spec(spec), keys=keys)
        if problem:
            st.error(problem)
            return

    def start() -> Any:
        version = store.save_rubric(name, rubric) if name else None
        return get_suite_runner().start(
            dataset,
            config,
            name=str(st.session_state.get("suites_name") or ""),
            rubric_version=version,
            concurrency=int(st.session_state.get("suites_concurrency", 4)),
            keys=keys,
            columns=columns,
        )

    try:
        handle = act(
            "start",
            start,
            target=lambda h: Target(suite_run_id=h.suite_run_id, rubric_name=name),
            detail=f"suite run of {len(dataset.items)} items ({dataset.name})"
            + (f" x {len(columns)} columns" if columns else ""),
        )
    except ValueError as exc:  # an item a column's config refuses: named, nothing stored
        st.error(str(exc))
        return
    if handle is None:
        return
    st.query_params["suite"] = handle.suite_run_id
    st.query_params.pop("compare", None)
    st.session_state[FOLD_FORM] = True
    st.rerun()


def _default_rubric(store: Store, name: str) -> str:
    found = store.get_rubric(name) if name else None
    if found is not None:
        return str(found["text"])
    return example_rubric(1) if name == EXAMPLE_RUBRIC_NAME else ""


def _new_suite_form(store: Store, *, expanded: bool) -> None:
    if st.session_state.pop(FOLD_FORM, False):
        # Open above a suite run just started, the form pushed its progress below the fold (at 1440x900).
        st.session_state[FORM_OPEN] = False
    with st.expander("New suite run", expanded=expanded, icon=":material/add:", key=FORM_OPEN, on_change="rerun"):
        source = st.radio("Dataset", SOURCES, key="suites_source", horizontal=True)
        if source == SOURCES[1]:
            st.file_uploader("Dataset file", type=["jsonl", "json", "csv", "parquet"], key="suites_upload")
        elif source == SOURCES[2]:
            st.text_input("Dataset path (file or Hugging Face save_to_disk directory)", key="suites_path")
        elif source == SOURCES[3]:
            st.caption("One row per item: the task, an optional id and an optional reference answer for the grader.")
            typed = st.data_editor(
                # One empty row of text cells (an empty Series beside one-row lists: pandas 3 refuses the frame).
                pd.DataFrame({"id": [""], "task": [""], "reference": [""]}),
                num_rows="dynamic",
                key="suites_typed",
                width="stretch",
            )
            st.session_state["suites_typed_value"] = typed
        elif source == SOURCES[4]:
            st.text_input("LangSmith dataset name (needs LANGSMITH_API_KEY)", key="suites_langsmith")
        c1, c2 = st.columns([1, 2])
        name = c1.text_input(
            "Rubric name (library)",
            value=EXAMPLE_RUBRIC_NAME,
            key="suites_rubric_name",
            help="Saved as a new library version when the text changed, so two suite runs compare by version.",
        )
        if st.session_state.get("suites_rubric_for") != name:
            st.session_state["suites_rubric"] = _default_rubric(store, name.strip())
            st.session_state["suites_rubric_for"] = name
        c2.text_area("Rubric", key="suites_rubric", height=140)
        c3, c4, c5, c6 = st.columns(4)
        c3.text_input("Working model", value="offline:writer", key="suites_model")
        c4.text_input("Grader model", value="offline:grader", key="suites_grader")
        st.session_state.setdefault("suites_max_iterations", EXAMPLE_MAX_ITERATIONS)
        st.session_state.setdefault("suites_concurrency", 4)
        bounded_number("Max iterations (1 to 20)", "suites_max_iterations", 1, 20, where=c5)
        bounded_number("Concurrency (1 to 64)", "suites_concurrency", 1, 64, where=c6)
        _agent_and_tools()
        project, _ = open_project()
        columns_editor(list(project.agents) if project is not None else [])
        st.text_input("Suite run name (optional)", key="suites_name")
        if st.button("Start suite run", type="primary", key="suites_start", icon=":material/play_arrow:"):
            _start(store)


def _agent_and_tools() -> None:
    """The agent that does each item's work and the grader's tools: built-in, or the opened project's."""

    project, _ = open_project()
    a, b = st.columns(2)
    with a:
        agent_picker("suites_agent", project)
    with b:
        grader_tools_picker("suites_grader_tools", project)


def _project_fields() -> dict[str, Any]:
    project, _ = open_project()
    fields: dict[str, Any] = {"grader_tools": list(st.session_state.get("suites_grader_tools") or [])}
    if project is not None:
        fields["project"] = str(project.root)
        if st.session_state.get("suites_agent") in project.agents:
            fields["agent"] = st.session_state["suites_agent"]
    return fields


def _status(row: dict[str, Any]) -> str:
    """A suite run's status in words ("Finished with errors", not "Finished_with_errors")."""
    return str(row["status"]).replace("_", " ").capitalize()


def _label(row: dict[str, Any]) -> str:
    """A suite run in the picker. A running one says no counts: the picker is drawn by the page, not by the polling
    progress, so counts in it went stale ("0/24 satisfied · Running" with 6 items done); its end redraws it."""
    rubric = f"{row['rubric_name']} v{row['rubric_version']}" if row["rubric_name"] else "rubric file"
    when = pd.Timestamp(row["created_at"], unit="s", tz="UTC").strftime("%Y-%m-%d %H:%M")
    if row["columns"] > 1:
        shape = f"{row['items']} items x {row['columns']} columns"
        if row["status"] == "running":
            return f"{row['name']} · matrix · Running, {shape} (progress below) · {when}"
        return (
            f"{row['name']} · matrix of {shape} · {row['satisfied']}/{row['cells']} runs satisfied · "
            f"{_status(row)} · {when}"
        )
    if row["status"] == "running":
        return f"{row['name']} · {rubric} · Running, {row['items']} items (progress below) · {when}"
    return f"{row['name']} · {rubric} · {row['satisfied']}/{row['items']} satisfied · {_status(row)} · {when}"


def _picker(rows: list[dict[str, Any]], current: str | None) -> str | None:
    ids = [r["id"] for r in rows]
    labels = {r["id"]: _label(r) for r in rows}
    index = ids.index(current) if current in ids else None
    # The labels say each suite run's status and counts. Streamlit keeps a widget's options for as long as its
    # key is the same, so the picker said "Running · 0/24" after the suite run ended until a reload: the key
    # carries a digest of the labels, and a label that changed draws a new picker.
    digest = hashlib.sha256("\n".join(labels.values()).encode()).hexdigest()[:10]
    picked = st.selectbox(
        "Suite run",
        ids,
        index=index,
        format_func=lambda i: labels.get(i, i),
        key=f"suites_pick_{current}_{digest}",
        placeholder="Pick a suite run",
    )
    if picked and picked != current:
        st.query_params["suite"] = picked
        st.query_params.pop("compare", None)
        st.rerun()
    return picked


def _attached(store: Store, suite_id: str) -> None:
    suite = ss.get_suite_run(store, suite_id)
    if suite is None:
        st.error(f"No suite run {md(suite_id)} in the store. Pick one above or start one.")
        return
    live = suite["status"] == "running" or get_suite_runner().is_live(suite_id)

    @st.fragment(run_every=POLL_SECONDS if live else None)
    def live_panel() -> None:
        check_forged_actions()  # a fragment run does not run the page script: its controls are checked here
        still = show_progress(store, suite_id, get_suite_runner(), polling=live)
        if suite["columns"]:
            show_matrix(store, [suite_id], key="suites")
        else:
            show_suite_details(store, suite_id, key="suites")
        if live and not still:
            st.rerun()  # ended: redraw the whole page, which stops the polling

    draw_fragment(live_panel)


def render() -> None:
    """The page."""
    store = store_or_stop()
    suite_id = st.query_params.get("suite")
    if suite_id is not None and not valid_run_id(suite_id):
        st.error("The suite id in the URL is not valid. Pick a suite run below.")
        suite_id = None
    st.title("Suites")
    st.caption(
        "One rubric over a dataset of tasks: one real loop per item, pass rates at the first draft and at the end, "
        "and a comparison of two suite runs."
    )
    rows = ss.list_suite_runs(store, limit=200)
    if allowed("start"):
        _new_suite_form(store, expanded=not rows)
    if not rows:
        st.info(
            "No suite run yet. The bundled example runs offline with no key: press **Start suite run** above."
            if allowed("start")
            else "No suite run yet."
        )
        return
    if suite_id is None:  # opened without ?suite=: the newest suite run, in the URL too (a reload keeps it)
        suite_id = rows[0]["id"]
        st.query_params["suite"] = suite_id
    picked = _picker(rows, suite_id)
    if picked is None:
        return
    tab_run, tab_compare = st.tabs(["This suite run", "Compare with another"])
    with tab_run:
        _attached(store, picked)
    with tab_compare:
        others = [r for r in rows if r["id"] != picked]
        if not others:
            st.caption("Run the suite again (for example after editing a criterion) to compare two suite runs.")
        else:
            compare_id = st.query_params.get("compare")
            ids = [r["id"] for r in others]
            labels = {r["id"]: _label(r) for r in others}
            other = st.selectbox(
                "Compare with (A is the older suite run, B the newer)",
                ids,
                index=ids.index(compare_id) if compare_id in ids else None,
                format_func=lambda i: labels.get(i, i),
                key=f"suites_compare_{picked}",
                placeholder="Pick the suite run to compare with",
            )
            if other:
                if other != compare_id:
                    st.query_params["compare"] = other
                created = {r["id"]: r["created_at"] for r in rows}
                older, newer = sorted((other, picked), key=lambda i: created[i])
                shapes = {r["id"]: r["columns"] for r in rows}
                if shapes[older] > 1 or shapes[newer] > 1:
                    st.caption(
                        "A matrix has several configurations, none to hold against the other suite run's alone: the "
                        "two side by side as one matrix, A's columns then B's, rows matched by item id."
                    )
                    show_matrix(store, [older, newer], key="suites_cmp", url_prefix="c")
                else:
                    show_compare(store, older, newer, key="suites_cmp")
