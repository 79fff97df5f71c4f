"""The Rubrics page: the library, versions and their diffs, edit, start a run, import and export files."""

from __future__ import annotations

import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

import pandas as pd
import streamlit as st

from rubric_core.config import ConfigError, load_config
from rubric_core.store import Store
from rubric_core.views.diff import DIFF_CSS, inline_html, side_by_side_html, word_diff
from rubric_core.views.run_view import STATUS_LABELS
from rubric_core.words import counted
from rubric_ui.safe import md, valid_run_id
from rubric_ui.session.access import act, allowed, attempt, current_actor
from rubric_ui.session.page_files import RUN_PAGE_FILE
from rubric_ui.session.resources import store_or_stop
from rubric_ui.session.state import PRESET
from rubric_ui.widgets.edit_conflict import show_difference, when, who

if TYPE_CHECKING:
    from rubric_core.assistant.fitness import Fitness


def _import(store: Store) -> None:
    with st.expander("Import a rubric file"):
        upload = st.file_uploader(
            "Rubric (.md, .txt) or run config (.toml, .yaml)",
            key="rubrics_upload",
            type=["md", "txt", "toml", "yaml", "yml"],
        )
        name = st.text_input(
            "Save as (name)",
            key="rubrics_import_name",
            placeholder="defaults to the config's rubric_name or the file name",
        )
        if upload is not None and st.button("Import", key="rubrics_import_go"):
            suffix = Path(upload.name).suffix.lower()
            try:
                raw = upload.getvalue().decode("utf-8")
            except UnicodeDecodeError:
                st.error(f"{md(upload.name)} is not UTF-8 text: save it as UTF-8 and import it again.")
                return
            rubric_name = name.strip()
            if suffix in (".toml", ".yaml", ".yml"):
                with tempfile.TemporaryDirectory() as tmp:
                    path = Path(tmp) / f"upload{suffix}"
                    path.write_text(raw, encoding="utf-8")
                    try:
                        config = load_config(path)
                    except ConfigError as exc:
                        st.error("The file is not a valid run config: " + "; ".join(exc.errors.values()))
                        return
                text, rubric_name = config.rubric, rubric_name or config.rubric_name
            else:
                text = raw
            rubric_name = rubric_name or Path(upload.name).stem
            try:
                version = act(
                    "import",
                    lambda: store.save_rubric(rubric_name, text, saved_by=current_actor().id),
                    rubric=rubric_name,
                    detail=lambda v: f"rubric file {upload.name} as version {v}",
                )
            except ValueError as exc:
                st.error(str(exc))
                return
            if version is not None:
                st.success(f"Imported {md(rubric_name)} as version {version}.")


FLASH = "rubrics_flash"
"""Session key: a success message to show after the rerun that follows a save."""


def _diff(versions: list[dict], name: str) -> None:
    """Two versions side by side or inline (the newest two by default).

    The pickers' keys carry the newest version: after a save they are new widgets that start on the newest two.
    Popping the old keys from session state is not enough, the browser keeps showing its old choice.
    """
    numbers = [v["version"] for v in versions]
    newest = numbers[-1]
    c1, c2, c3 = st.columns([1, 1, 1])
    a = c1.selectbox("Compare version", numbers, index=len(numbers) - 2, key=f"rubrics_a_{name}_{newest}")
    b = c2.selectbox("with version", numbers, index=len(numbers) - 1, key=f"rubrics_b_{name}_{newest}")
    mode = c3.radio("Layout", ["Side by side", "Inline"], horizontal=True, key=f"rubrics_mode_{name}")
    ta = next(v["text"] for v in versions if v["version"] == a)
    tb = next(v["text"] for v in versions if v["version"] == b)
    ops = word_diff(ta, tb)
    html = side_by_side_html(ops, left=f"v{a}", right=f"v{b}") if mode == "Side by side" else inline_html(ops)
    st.markdown(DIFF_CSS + html, unsafe_allow_html=True)


def _versions(store: Store, name: str) -> None:
    versions = store.rubric_versions(name)
    latest = versions[-1]
    st.subheader(f"{md(name)} · {counted(len(versions), 'version')}")
    numbers = [v["version"] for v in versions]
    flash = st.session_state.pop(FLASH, None)
    if flash:
        st.success(flash, icon=":material/check_circle:")
    merged = st.session_state.pop(FLASH_MERGE, None)
    if merged:
        st.info(merged, icon=":material/merge:")
    _evidence(store, name)
    if len(numbers) == 1:
        st.caption(
            f"Only version {numbers[0]} so far: edit it below and save to create the next one; the diff appears then."
        )
    else:
        _diff(versions, name)
    if not allowed("rubric_save"):  # reading only: the text as it is, and the downloads
        st.code(latest["text"], language="markdown", wrap_lines=True)
        _downloads(name, latest["text"], st.columns(4)[:2])
        return
    base = _base(versions, name)
    editor_key = f"rubrics_edit_{name}_{st.session_state.get(f'rubrics_gen_{name}', 0)}"
    edited = st.text_area(
        f"Edit (saving creates version {base['version'] + 1})", value=base["start"], height=180, key=editor_key
    )
    if latest["version"] != base["version"] and f"rubrics_conflict_{name}" not in st.session_state:
        st.caption(
            f":material/info: You are editing version {base['version']}; version {latest['version']} was saved since "
            f"by {who(latest.get('saved_by', ''))} at {when(latest['created_at'])}. Saving asks you what to do."
        )
    _conflict(store, name, base, edited)
    c4, c5, c6, c7 = st.columns(4)
    if c4.button("Save new version", key=f"rubrics_save_{name}", type="primary"):
        _save(store, name, base, edited, based_on=base["version"])
    if allowed("start") and c5.button("Start a run with it", key=f"rubrics_run_{name}"):
        st.session_state[PRESET] = {"rubric": edited, "rubric_name": name}
        st.switch_page(RUN_PAGE_FILE)
    _downloads(name, edited, [c6, c7])
    if not allowed("rubric_delete"):
        return
    confirm = st.checkbox("Confirm delete of every version", key=f"rubrics_confirm_{name}")
    if st.button("Delete from the library", key=f"rubrics_delete_{name}", disabled=not confirm):
        if attempt("rubric_delete", lambda: store.delete_rubric(name), rubric=name):
            st.rerun()


def _evidence(store: Store, name: str) -> None:
    """Each version's evidence: the runs and suite runs that used it, how its runs did, and its fitness."""
    from rubric_core.views.rubric_evidence import version_evidence

    evidence = version_evidence(store, name)
    newest_first = sorted(evidence.values(), key=lambda e: -e.version)
    fits = {e.version: _fitness(store, name, e.version) for e in newest_first}
    st.markdown("**Evidence by version**")
    st.dataframe(
        pd.DataFrame(
            [
                {
                    "version": f"v{e.version}",
                    "runs": len(e.runs),
                    "satisfied": f"{e.satisfied} of {len(e.runs)}" if e.runs else "",
                    "criteria met": e.pass_rate,
                    "n/a": e.criteria.not_judged or None,
                    "suite runs": len(e.suite_runs),
                    "fitness": fits[e.version].short if fits[e.version] is not None else "",
                }
                for e in newest_first
            ]
        ),
        hide_index=True,
        key=f"rubrics_evidence_{name}",
        placeholder="",
        column_config={
            "criteria met": st.column_config.ProgressColumn(
                min_value=0.0,
                max_value=1.0,
                format="percent",
                help="Criteria met at the final draft of the version's runs, of the criteria judged (n/a left out)",
            ),
            "fitness": st.column_config.TextColumn(
                "fitness (agreement with reviewers)",
                width="large",
                help="What the grader's agreement with people's reviews of the version's runs makes it good for: "
                "gating a release (kappa 0.7 and up), watching trends (0.4 to 0.7) or exploration only. What it "
                "rests on is under the table.",
            ),
        },
    )
    from rubric_core.assistant.fitness import BAND_WORDS

    rated = [(v, f) for v, f in fits.items() if f is not None and (f.band != "unknown" or f.n or f.na)]
    if rated:
        st.markdown(
            "\n".join(f"- **v{v}**: {md(BAND_WORDS[f.band])} · {md(f.details)}" for v, f in rated),
            help="Fitness: docs/ASSISTANT.md says how each figure is computed.",
        )
    used = [e for e in newest_first if e.runs or e.suite_runs]
    if not used:
        st.caption("No run or suite run has used this rubric yet.")
        return
    version = st.selectbox(
        "Runs and suite runs of version",
        [e.version for e in used],
        format_func=lambda v: f"v{v}",
        key=f"rubrics_evidence_pick_{name}",
    )
    picked = evidence[int(version)] if version is not None else used[0]
    lines = [
        f"- [{r['id'][:8]}](./?run={r['id']}) · {md(STATUS_LABELS.get(r['status'], r['status']))} · "
        f"{md(' '.join(str(r['task']).split())[:80])}"
        for r in picked.runs[:EVIDENCE_SHOWN]
        if valid_run_id(r["id"])
    ]
    if len(picked.runs) > EVIDENCE_SHOWN:
        lines.append(f"- … and {len(picked.runs) - EVIDENCE_SHOWN} more (the Runs page lists them by rubric)")
    suites = [
        f"- suite run [{md(s['name'])}](./suites?suite={s['id']}) · {md(str(s['status']).replace('_', ' '))}"
        for s in picked.suite_runs[:EVIDENCE_SHOWN]
        if valid_run_id(s["id"])
    ]
    st.markdown("\n".join(lines + suites) or "No run used this version.")


EVIDENCE_SHOWN = 20
"""Runs (and suite runs) of a version listed by name on the page; the rest are counted."""


def _fitness(store: Store, name: str, version: int) -> Fitness | None:
    """The rubric assistant's fitness of a version (None when it cannot say)."""
    from rubric_core.assistant.fitness import fitness

    try:
        return fitness(store, name, version)
    except (KeyError, ValueError):
        return None


def _base(versions: list[dict], name: str) -> dict:
    """What this session's editor of `name` is based on: {version, text, start} (start: the editor's first text).

    Kept per session, so another person's save does not swap the text under this person's editor (it used to:
    the editor's key named the newest version, and the second author's edit was replaced by the first's).
    """
    base = st.session_state.get(f"rubrics_base_{name}")
    if not isinstance(base, dict) or not any(v["version"] == base.get("version") for v in versions):
        latest = versions[-1]
        base = {"version": latest["version"], "text": latest["text"], "start": latest["text"]}
        st.session_state[f"rubrics_base_{name}"] = base
    return base


def _start_over(name: str, *, version: int, text: str, start: str) -> None:
    """A new editor (its own key) based on `version`, holding `start`."""
    st.session_state[f"rubrics_base_{name}"] = {"version": version, "text": text, "start": start}
    st.session_state[f"rubrics_gen_{name}"] = st.session_state.get(f"rubrics_gen_{name}", 0) + 1
    st.session_state.pop(f"rubrics_conflict_{name}", None)


def _save(store: Store, name: str, base: dict, edited: str, *, based_on: int) -> None:
    """Save the edit as the next version if nobody saved since `based_on`; else keep it and say who did."""
    from rubric_core.store.conflicts import EditConflict

    try:
        version = act(
            "rubric_save",
            lambda: store.save_rubric(name, edited, based_on=based_on, saved_by=current_actor().id),
            rubric=name,
            detail=lambda v: f"version {v}",
        )
    except EditConflict as exc:
        st.session_state[f"rubrics_conflict_{name}"] = {"current": exc.current, "based_on": exc.based_on}
        st.rerun()  # the notice and the choices are drawn by the editor
    except ValueError as exc:
        st.error(str(exc))
        return
    if version is None:
        return
    if version == based_on:
        st.info("Unchanged: no new version.")
        return
    _start_over(name, version=version, text=edited, start=edited)
    # The message must survive the rerun; the pickers start again from the newest two versions (their keys name
    # the newest version).
    st.session_state[FLASH] = f"Saved {md(name)} as version {version}."
    st.rerun()


def _conflict(store: Store, name: str, base: dict, edited: str) -> None:
    """Someone saved a newer version after this person opened theirs: who, when, the difference, the choices."""
    from rubric_core.store.conflicts import merge_text

    conflict = st.session_state.get(f"rubrics_conflict_{name}")
    if not conflict:
        return
    current = conflict["current"]
    theirs, version = str(current["text"]), int(current["version"])
    st.warning(
        f"{who(current.get('saved_by', ''))} saved version {version} of {md(name)} at {when(current['created_at'])}, "
        f"after you opened version {conflict['based_on']}. Nothing was overwritten: your text is still in the "
        "editor. Here is version "
        f"{version} beside yours; merge them, save yours as version {version + 1} anyway, or take theirs.",
        icon=":material/group:",
    )
    show_difference(theirs, edited, their_label=f"version {version} (saved by them)", key=f"rubrics_theirs_{name}")
    m1, m2, m3 = st.columns(3)
    if m1.button("Merge both into the editor", key=f"rubrics_merge_{name}", icon=":material/merge:"):
        merged, clean = merge_text(base["text"], theirs, edited)
        _start_over(name, version=version, text=theirs, start=merged)
        st.session_state[FLASH_MERGE] = (
            "Merged: their changes and yours are both in the editor. Read it, then Save new version."
            if clean
            else "You both changed the same lines: the editor holds both versions of them, theirs first. Keep the "
            "one you want, then Save new version."
        )
        st.rerun()
    if m2.button(f"Save mine as version {version + 1}", key=f"rubrics_keepmine_{name}", icon=":material/save:"):
        _save(store, name, base, edited, based_on=version)  # on purpose: theirs stays in the history as version N
    if m3.button("Take theirs (drop my edit)", key=f"rubrics_theirs_go_{name}"):
        _start_over(name, version=version, text=theirs, start=theirs)
        st.rerun()


FLASH_MERGE = "rubrics_flash_merge"
"""Session key: what a merge did, said once after the rerun that draws the merged editor."""


def _downloads(name: str, text: str, cols: list) -> None:
    """The rubric as a .md file and as a .toml run config."""
    import tomli_w

    cols[0].download_button(
        "Download .md", text, file_name=f"{name}.md", mime="text/markdown", key=f"rubrics_dl_md_{name}"
    )
    cols[1].download_button(
        "Download .toml",
        tomli_w.dumps({"rubric_name": name, "rubric": text}, multiline_strings=True),
        file_name=f"{name}.toml",
        mime="application/toml",
        key=f"rubrics_dl_toml_{name}",
    )


def render() -> None:
    """The page."""
    store = store_or_stop()
    st.title("Rubrics")
    if allowed("import"):
        _import(store)
    library = store.list_rubrics()
    if not library:
        st.info(
            "The library is empty. Save a rubric from the Run page (type a name beside Save rubric), or import a file."
        )
        return
    table = pd.DataFrame(
        [
            {
                "name": r["name"],
                "latest": f"v{r['version']}",
                "versions": r["versions"],
                "runs": r["runs"],
                "updated": datetime.fromtimestamp(r["created_at"], UTC).strftime("%Y-%m-%d %H:%M"),
                "criteria": len([line for line in r["text"].splitlines() if line.strip().startswith(("-", "*"))]),
            }
            for r in library
        ]
    )
    st.dataframe(table, hide_index=True, key="rubrics_table")
    name = st.selectbox("Rubric", [r["name"] for r in library], key="rubrics_pick")
    if name:
        _versions(store, name)
