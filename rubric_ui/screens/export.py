"""The Export page: pick runs (filters or the Runs selection), a format, download; LangSmith upload."""

from __future__ import annotations

import io
import shutil
import tempfile
import time
import zipfile
from pathlib import Path

import streamlit as st

from rubric_core.exports import FORMAT_LABELS, FORMATS, export_runs, langsmith_configured
from rubric_core.exports.file_names import file_name, run_filter_words
from rubric_core.store import ALL_STATUSES, RunFilter
from rubric_core.views.run_view import STATUS_LABELS
from rubric_core.words import counted
from rubric_ui.session.access import act
from rubric_ui.session.resources import store_or_stop
from rubric_ui.session.state import SELECTION

_SUFFIX = {
    "jsonl": "jsonl",
    "grader-jsonl": "jsonl",
    "pairs": "jsonl",
    "csv": "csv",
    "parquet": "zip",
    "langsmith": "jsonl",
    "calibration": "jsonl",
}
_MIME = {"jsonl": "application/jsonl", "csv": "text/csv", "zip": "application/zip"}
READY = "export_ready"
"""Session key: the file prepared last (data, format, summary, message, what it was made for)."""


def _build(fmt: str, flt: RunFilter, upload: bool, dataset: str, all_pairs: bool = False) -> tuple[bytes, str, str]:
    store = store_or_stop()
    tmp = Path(tempfile.mkdtemp(prefix="rubric-export-"))
    try:
        if fmt == "parquet":
            result = export_runs(store, fmt, tmp / "parquet", flt)
            buf = io.BytesIO()
            with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
                for p in result.paths:  # runs/runs.parquet, ...: one folder per frame, as on disk
                    zf.write(p, p.relative_to(tmp / "parquet").as_posix())
            data = buf.getvalue()
        else:
            out = tmp / f"export.{_SUFFIX[fmt]}"
            result = export_runs(
                store, fmt, out, flt, langsmith_dataset=dataset or None, upload=upload, all_pairs=all_pairs
            )
            if fmt == "langsmith" and not upload:
                result.message = "File only: not uploaded to LangSmith."
            data = out.read_bytes()
        return data, counted(result.records, "record"), result.message
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def render() -> None:
    """The page."""
    store = store_or_stop()
    st.title("Export")
    selection = st.session_state.get(SELECTION) or []
    sources = ["Filters", f"Selection from Runs ({len(selection)})"]
    source = st.radio(
        "Runs to export", sources, horizontal=True, key="export_source", index=1 if selection else 0, disabled=False
    )
    if source == sources[1]:
        if not selection:
            st.warning("No runs are selected on the Runs page: select some there, or use filters.")
            return
        flt = RunFilter(ids=list(selection))
    else:
        c1, c2, c3 = st.columns(3)
        statuses = c1.multiselect(
            "Status", ALL_STATUSES, key="export_status", format_func=lambda s: STATUS_LABELS.get(s, s)
        )
        names = ["(any)"] + [r["name"] for r in store.list_rubrics()]
        rubric = c2.selectbox("Rubric", names, key="export_rubric")
        numbers = [] if rubric == "(any)" else [v["version"] for v in store.rubric_versions(rubric)]
        version = c3.selectbox(
            "Rubric version",
            ["any", *reversed(numbers)],
            key=f"export_version_{rubric}",
            format_func=lambda v: "any version" if v == "any" else f"v{v}",
            disabled=not numbers,
            help="Pick a rubric first to export the runs of one of its versions.",
        )
        c4, c5, c6 = st.columns(3)
        # As on the Runs page: any case, anywhere in the spec, the tag or the task.
        model = c4.text_input("Model contains (working or grader)", key="export_model", placeholder="any (e.g. writer)")
        tag = c5.text_input("Tag contains", key="export_tag", placeholder="any (e.g. bike)")
        search = c6.text_input("Task contains", key="export_search", placeholder="any (e.g. haiku)")
        flt = RunFilter(
            statuses=statuses,
            rubric_name=None if rubric == "(any)" else rubric,
            rubric_version=None if version == "any" else int(version),
            model_contains=model.strip() or None,
            tag_contains=tag.strip() or None,
            search=search.strip() or None,
        )
    count = store.count_runs(flt)
    st.caption(f"{counted(count, 'run')} {'matches' if count == 1 else 'match'}.")
    fmt = st.selectbox("Format", FORMATS, key="export_format", format_func=lambda f: f"{f} — {FORMAT_LABELS[f]}")
    upload, dataset, all_pairs = False, "", False
    if fmt == "pairs":
        all_pairs = st.checkbox(
            "Include every pair (not only revisions that passed more criteria)",
            key="export_all_pairs",
            help="By default a pair is written only when the later draft passed more criteria than the earlier one.",
        )
    if fmt == "csv":
        st.caption(
            "Cells starting with =, +, -, @, a tab or a carriage return get a leading ' so a spreadsheet "
            "shows them as text instead of running them as formulas."
        )
    if fmt == "langsmith":
        if langsmith_configured():
            upload = st.checkbox("Upload to LangSmith as well", key="export_upload")
            dataset = st.text_input("Dataset name", key="export_dataset", placeholder="empty: rubric-studio-<date>")
        else:
            st.info(
                "LangSmith upload is off: set LANGSMITH_API_KEY (and LANGSMITH_ENDPOINT for a self-hosted "
                "server) and restart the app. The file export works without it."
            )
    # What a prepared file is made of: these runs (the filters, or the selection's ids) and these choices.
    made_for = (repr(flt), fmt, all_pairs, upload, dataset)
    if st.button("Prepare export", type="primary", key="export_go", disabled=count == 0):
        with st.spinner("Exporting…"):
            built = act(
                "export",
                lambda: _build(fmt, flt, upload, dataset, all_pairs),
                detail=lambda b: (
                    f"{fmt}: {b[1]}"
                    + (" (selection from Runs)" if flt.ids else "")
                    + (f", uploaded to LangSmith dataset {dataset or '(default name)'}" if upload else "")
                ),
            )
        if built is not None:
            data, summary, message = built
            # Named by what it holds and when it was made (every export was "rubric-studio-<format>" before).
            name = file_name(run_filter_words(flt), fmt, _SUFFIX[fmt], time.time())
            st.session_state[READY] = (data, fmt, summary, message, made_for, name)
    ready = st.session_state.get(READY)
    if ready and ready[4] != made_for:
        # Made for other runs or another choice: withdrawn, so what is offered is always what the page says.
        st.session_state.pop(READY, None)
        st.caption("The file prepared before was for other filters or another format: prepare it again.")
        ready = None
    if ready:
        data, fmt_done, summary, message, _, name = ready
        suffix = _SUFFIX[fmt_done]
        st.success(f"Ready: {summary}, as {name}.")
        if message:
            st.text(message)
        st.download_button(
            f"Download {fmt_done} export",
            data,
            file_name=name,
            mime=_MIME.get(suffix, "application/octet-stream"),
            key="export_download",
            type="primary",
        )
