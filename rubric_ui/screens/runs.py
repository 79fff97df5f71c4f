"""The Runs page: history with filters and paging, open, tag, annotate, delete, compare two runs."""

from __future__ import annotations

import hashlib
import html
from datetime import UTC, datetime, time
from functools import partial

import pandas as pd
import streamlit as st

from rubric_core.store import ALL_STATUSES, RunFilter, Store
from rubric_core.verdicts import score_text, tally, verdict_of
from rubric_core.views import frames
from rubric_core.views.run_view import STATUS_COLORS, STATUS_LABELS
from rubric_core.words import counted
from rubric_ui.safe import md, valid_run_id
from rubric_ui.session.access import act, allowed, attempt, current_actor
from rubric_ui.session.page_files import RUN_PAGE_FILE
from rubric_ui.session.resources import store_or_stop
from rubric_ui.session.state import ATTACHED, SELECTION
from rubric_ui.widgets.edit_conflict import show_difference, when, who
from rubric_ui.widgets.fork_tree import COMPARE_PARAM, SINCE_PARAM, show_fork_tree
from rubric_ui.widgets.heatmap import show_heatmap
from rubric_ui.widgets.run_compare import compare_runs as _compare
from rubric_ui.widgets.run_compare import criteria_pairs, settings_diff  # noqa: F401 -- kept importable here
from rubric_ui.widgets.run_view import forget_view, load_view
from rubric_ui.widgets.share_links import show_share_links
from rubric_ui.widgets.status import chip_html

PAGE_SIZE = 50
PAGE_IDS = "runs_page_ids"
"""Session key: the run ids of the table's rows, in order (a clicked cell names a row by its number)."""
TABLE_KEY = "runs_table_key"
"""Session key: the widget key of the table drawn last (it names the rows it shows: see `_table_key`)."""
CLEARED = "runs_selection_cleared"
"""Session key: how many times the selection was cleared (part of the table's key: a cleared table is a new one)."""
TASK_CLICK = "runs_task_click"
"""Widget key: the task button clicked in the table ({"row": number, "label": task}), during that click's rerun."""
OPEN = "runs_cell_opened"
"""Session key: the run whose cell was just clicked: the next run of this page opens it before drawing."""


FILTERS_OPEN = "runs_filters_open"
"""Widget key: whether the Filters panel is open."""
FILTER_VALUES = "runs_filter_values"
"""Session key: {filter widget key: value}, the filters in force, kept while their panel is closed."""
FILTER_DEFAULTS: dict[str, object] = {
    "runs_status": [],
    "runs_rubric": "(any)",
    "runs_model": "",
    "runs_dates": (),
    "runs_tag": "",
    "runs_search": "",
    "runs_no_suite_items": False,
}
"""The filter widgets' keys and their values when nothing is filtered."""


def _filters(store: Store) -> RunFilter:
    """The filters in force, and their panel.

    The panel's seven fields are drawn only while it is open: drawn folded they cost the page's first draw about
    0.6 s of the browser's time (1.8 s against 1.1 s in a new tab with 2,000 runs, bench/scale.py), and the
    list is what the page is opened for. What they were set to stays in force while the panel is closed (and
    across pages): a copy is kept beside the widgets, which Streamlit forgets once they are not drawn.
    """
    kept: dict[str, object] = st.session_state.setdefault(FILTER_VALUES, dict(FILTER_DEFAULTS))
    panel = st.expander("Filters", key=FILTERS_OPEN, on_change="rerun")
    if panel.open:
        rubric_names = ["(any)"] + [r["name"] for r in store.list_rubrics()]
        if kept.get("runs_rubric") not in rubric_names:  # deleted since it was picked
            kept["runs_rubric"] = "(any)"
        for key, value in kept.items():
            if key not in st.session_state:  # drawn anew: from the copy
                st.session_state[key] = value
        with panel:
            c1, c2, c3 = st.columns(3)
            c1.multiselect("Status", ALL_STATUSES, key="runs_status", format_func=lambda s: STATUS_LABELS.get(s, s))
            c2.selectbox("Rubric", rubric_names, key="runs_rubric")
            c3.text_input("Model contains (working or grader)", key="runs_model", placeholder="any (e.g. writer)")
            c4, c5, c6 = st.columns(3)
            c4.date_input("Created between", key="runs_dates")
            c5.text_input("Tag contains", key="runs_tag", placeholder="any (e.g. bike)")
            c6.text_input("Task contains", key="runs_search", placeholder="any (e.g. haiku)")
            st.checkbox(
                "Hide suite items", key="runs_no_suite_items", help="Leave out the runs a suite started for its tasks."
            )
        kept.update({key: st.session_state[key] for key in FILTER_DEFAULTS})
    dates = kept.get("runs_dates")
    since = until = None
    if isinstance(dates, (tuple, list)) and len(dates) == 2:
        since = datetime.combine(dates[0], time.min, UTC).timestamp()
        until = datetime.combine(dates[1], time.max, UTC).timestamp()
    rubric = kept.get("runs_rubric")
    # Any case, anywhere in the spec or the tag: "writer" finds offline:writer, "bike" finds bike-lock.
    return RunFilter(
        statuses=list(kept.get("runs_status") or []),  # type: ignore[call-overload]
        rubric_name=None if rubric in (None, "(any)") else str(rubric),
        model_contains=str(kept.get("runs_model") or "").strip() or None,
        since=since,
        until=until,
        tag_contains=str(kept.get("runs_tag") or "").strip() or None,
        search=str(kept.get("runs_search") or "").strip() or None,
        without_suite_items=bool(kept.get("runs_no_suite_items")),
    )


def _filtering(flt: RunFilter) -> bool:
    return bool(
        flt.statuses
        or flt.rubric_name
        or flt.model_contains
        or flt.since is not None
        or flt.tag_contains
        or flt.search
        or flt.without_suite_items
    )


def _table(store: Store, flt: RunFilter) -> list[str]:
    total = store.count_runs(flt)
    pages = max(1, -(-total // PAGE_SIZE))
    c1, c2 = st.columns([1, 3], vertical_alignment="bottom")
    page = c1.number_input("Page", min_value=1, max_value=pages, step=1, key="runs_page")
    if _filtering(flt):
        match = "run matches" if total == 1 else "runs match"
        c2.caption(f"{total:,} {match} the filters · page {page} of {pages}")
    else:
        c2.caption(f"{counted(total, 'run')} · page {page} of {pages}")
    rows = store.list_runs(flt, limit=PAGE_SIZE, offset=(int(page) - 1) * PAGE_SIZE)
    ids = [r["id"] for r in rows]
    st.session_state[PAGE_IDS] = ids
    key = _table_key(ids)
    st.session_state[TABLE_KEY] = key
    selected = [str(rid) for rid in st.session_state.get(SELECTION) or []]
    ticked_before = [i for i, rid in enumerate(ids) if rid in selected]
    frame = frames.runs_frame_from_rows(rows)
    finals = store.final_verdicts(ids)
    shown = pd.DataFrame(
        {
            "status": [[status_text(v)] for v in frame["status"]],
            "created": frame["created_at"].dt.strftime("%m-%d %H:%M"),
            "task": [_one_line(t) for t in frame["task"]],
            "score": [score_of(finals.get(rid)) for rid in ids],
            # Built row by row: on an empty page the columns have no values to add (string + Int64 raised).
            "rubric": [
                ("" if pd.isna(name) else str(name)) + ("" if pd.isna(version) else f" v{int(version)}")
                for name, version in zip(frame["rubric_name"], frame["rubric_version"], strict=True)
            ],
            "model": frame["model"],
            "grader": frame["grader"],
            "agent": [str(r.get("agent") or "") or "built-in" for r in rows],
            "iter.": frame["iterations"],
            "tokens": frame["total_tokens"],
            "tags": frame["tags"],
        }
    )
    # Widths in pixels that add up to the page's width at 1440 px, so no column is off screen; the run's id,
    # its note and the whole task are shown for the selected run below.
    # A click on a cell opens that run (one click, as in a log viewer); the boxes at the left pick rows to
    # preview, tag, compare or export.
    event = st.dataframe(
        shown,
        hide_index=True,
        on_select=partial(_open_clicked, key),
        selection_mode=["multi-row", "single-cell"],
        # A new table (other rows) starts with the boxes of the runs already selected ticked.
        selection_default={"selection": {"rows": ticked_before, "columns": [], "cells": []}} if ticked_before else None,
        key=key,
        column_config={
            "status": st.column_config.MultiselectColumn(
                width=150, options=list(_LABEL_COLORS), color=list(_LABEL_COLORS.values())
            ),
            "created": st.column_config.TextColumn(width=85),
            # The task is a button: a click on it opens the run at once (a click on another cell opens it too,
            # through the table's selection, which the table sends 150 ms after the click).
            "task": st.column_config.ButtonColumn(
                width=190,
                type="tertiary",
                alignment="left",
                help="Click a run's task to open it; tick its box to preview it below",
                on_click=_task_clicked,
                key=TASK_CLICK,
            ),
            # Criteria met at the final draft, of those judged (n/a left out): a number, so it sorts as one.
            "score": st.column_config.ProgressColumn(
                width=75,
                min_value=0.0,
                max_value=1.0,
                format="percent",
                help="Criteria met at the final draft, of the criteria judged (n/a left out); the preview says how "
                "many of how many",
            ),
            "rubric": st.column_config.TextColumn(width=85),
            "model": st.column_config.TextColumn(width=105),
            "grader": st.column_config.TextColumn(width=105),
            "agent": st.column_config.TextColumn(width=80, help="The project agent that did the work, or built-in"),
            "iter.": st.column_config.NumberColumn(width=40),
            "tokens": st.column_config.NumberColumn(width=55, format="localized"),
            "tags": st.column_config.TextColumn(width=50),
        },
    )
    ticked = [ids[i] for i in event.selection.rows if i < len(ids)]  # type: ignore[union-attr]
    # The selection is of runs, not rows: a run off this page (filtered out, on another page) stays selected,
    # one on it is selected exactly when its box is ticked, and newly ticked runs come last.
    on_page = set(ids)
    picked = [rid for rid in selected if rid not in on_page or rid in ticked]
    picked += [rid for rid in ticked if rid not in picked]
    st.session_state[SELECTION] = picked
    return picked, on_page


def _table_key(ids: list[str]) -> str:
    """The table's widget key, from the run ids of its rows (and how often the selection was cleared).

    Streamlit keeps a keyed table's selection as row numbers across reruns whatever rows it now shows: after a
    filter or a page turn, "row 1 ticked" was another run, and Open, Present, Tags, Delete and Export acted on
    it. Other rows make another table, whose boxes start from the runs selected (`selection_default`).
    """
    digest = hashlib.sha256("\n".join(ids).encode()).hexdigest()[:16]
    return f"runs_table_{digest}_{st.session_state.get(CLEARED, 0)}"


def _clear_selection() -> None:
    st.session_state[SELECTION] = []
    st.session_state[CLEARED] = int(st.session_state.get(CLEARED, 0)) + 1


def _open_row(row: object) -> None:
    """The run of row `row` of the table's page opens: the next run of this page opens it before drawing."""
    ids = st.session_state.get(PAGE_IDS, [])
    if isinstance(row, int) and 0 <= row < len(ids):
        st.session_state[OPEN] = ids[row]


def _open_clicked(key: str) -> None:
    """on_select of the table `key`: a clicked cell opens its run. Runs before the page is drawn (see `render`)."""
    state = st.session_state.get(key)
    cells = list(getattr(getattr(state, "selection", None), "cells", None) or [])
    if not cells and isinstance(state, dict):
        cells = list((state.get("selection") or {}).get("cells") or [])
    if cells:
        _open_row(cells[0][0] if isinstance(cells[0], (list, tuple)) else cells[0].get("row"))


def _task_clicked() -> None:
    """on_click of the task column's buttons: that row's run opens. Runs before the page is drawn (see `render`)."""
    click = st.session_state.get(TASK_CLICK)
    _open_row(click.get("row") if click is not None else None)


WORD_JOINER = "\u2060"


def _one_line(task: object) -> str:
    """A task as a button's label: one line (the table draws a line of it; the whole task is in the preview).

    The button column reads a label that starts with `:material/name:` as an icon, and one written as a JSON
    list (`["a", "b"]`) as a menu of several buttons. A task is text: a word joiner (drawn as nothing) in
    front of a label that starts with ":" or "[" keeps it so (after byte-order marks, which the column's trim
    drops and Python's split keeps).
    """
    line = " ".join(str(task if task is not None and not pd.isna(task) else "").split())[:300] or "(no task)"
    return WORD_JOINER + line if line.lstrip("\ufeff").startswith((":", "[")) else line


def score_of(verdicts: list[str] | None) -> float | None:
    """A run's score: the share of its criteria met at the final draft, of those judged (None: none judged).

    Read through rubric_core.verdicts.tally, the one place that says how n/a counts."""
    rate = tally(verdicts or []).rate
    return None if rate is None else round(rate, 4)


def status_text(status: str) -> str:
    """A status in words."""
    return STATUS_LABELS.get(status, status)


_LABEL_COLORS = {STATUS_LABELS.get(k, k): v for k, v in STATUS_COLORS.items()}
"""Each status label's colour, as on the chips elsewhere (the table draws each status as a coloured label)."""


def _preview(run_id: str) -> None:
    """What a selected run did: the full task, a small heatmap, the final output, tokens and time."""
    view = load_view(run_id)
    if view is None:
        return
    finals = [it for it in view.all_iterations() if it.evaluation]
    score = f"criteria met at the end: {score_text(verdict_of(c) for c in finals[-1].criteria)} · " if finals else ""
    st.markdown(
        f"{chip_html(view.status)} {score}{view.facts()} · "
        f"{html.escape(view.models.get('model', ''))} graded by "
        f"{html.escape(view.models.get('grader', ''))} · {html.escape(view.agent_label)}",
        unsafe_allow_html=True,
    )
    left, right = st.columns(2, gap="large")
    with left:
        st.caption("Task")
        st.text(view.config.get("task", ""))
    with right:
        st.caption("Final output")
        st.text(view.final_output or "(none)")
    # The page's whole width: in half of it a run's later iterations (the ones that matter) were cut off.
    show_heatmap(view, key=f"runs-prev-{run_id[:12]}")


def _manage(store: Store, run_id: str, *, hidden: bool = False) -> None:
    run = store.get_run(run_id)
    if run is None:
        return
    st.markdown(f"**Selected run** `{run_id}`" + (" · not in the list as filtered and paged" if hidden else ""))
    c1, c2, c3 = st.columns(3)
    # Controls only for the roles that may use them; every one goes through the server-side check anyway.
    edits, deletes = allowed("tag") and allowed("note"), allowed("delete")
    if c1.button("Open", key="runs_open", type="primary", icon=":material/play_arrow:"):
        st.session_state[ATTACHED] = run_id
        st.switch_page(RUN_PAGE_FILE, query_params={"run": run_id})
    c2.link_button("Present", f"?run={run_id}&view=present", icon=":material/slideshow:")
    _preview(run_id)
    show_fork_tree(store, run_id, key="runs")
    if edits:
        _edit_tags_and_note(store, run_id)
    elif run["tags"] or run["note"]:
        st.caption("Tags: " + (md(", ".join(run["tags"])) or "(none)"))
        if run["note"]:
            st.text(run["note"])
    if allowed("share"):
        show_share_links(run_id)
    if deletes:
        confirm = c3.checkbox("Confirm delete", key=f"runs_confirm_{run_id}")
        if c3.button("Delete run", key=f"runs_delete_{run_id}", disabled=not confirm, icon=":material/delete:"):
            if attempt("delete", lambda: store.delete_run(run_id), run_id=run_id):
                forget_view(run_id)
                st.session_state[SELECTION] = [r for r in st.session_state.get(SELECTION) or [] if r != run_id]
                st.rerun()


def _edit_base(store: Store, run_id: str) -> dict:
    """What this session's edit of the run's tags and note is based on: {stamp, tags, note, start_tags, start_note}.

    Kept per session: another person's save does not swap the fields under this person (it did: the fields took
    their values from the store, so the second save of two was told "Saved." and its note was gone).
    """
    key = f"runs_edit_base_{run_id}"
    base = st.session_state.get(key)
    if not isinstance(base, dict):
        now = store.edit_stamp(run_id)
        base = {**now, "start_tags": now["tags"], "start_note": now["note"]}
        st.session_state[key] = base
    return base


def _rebase(run_id: str, current: dict, *, tags: list[str], note: str) -> None:
    """New fields (their own keys) based on the stored `current`, holding `tags` and `note`."""
    st.session_state[f"runs_edit_base_{run_id}"] = {**current, "start_tags": tags, "start_note": note}
    st.session_state[f"runs_edit_gen_{run_id}"] = st.session_state.get(f"runs_edit_gen_{run_id}", 0) + 1
    st.session_state.pop(f"runs_edit_conflict_{run_id}", None)


def _save_edits(store: Store, run_id: str, tags: list[str], note: str, *, based_on: int) -> None:
    """Save the tags and note if nobody saved them since `based_on`; else keep them and say who did."""
    from rubric_core.store.conflicts import EditConflict

    shown = ", ".join(t.strip() for t in tags if t.strip()) or "(none)"
    try:
        stamp = act(
            "tag",
            lambda: store.save_run_edits(run_id, tags=tags, note=note, based_on=based_on, by=current_actor().id),
            run_id=run_id,
            detail=f"tags: {shown}",
        )
    except EditConflict as exc:
        st.session_state[f"runs_edit_conflict_{run_id}"] = {"current": exc.current, "based_on": exc.based_on}
        st.rerun()
    if stamp is None:
        return
    # The note's text stays out of the trail (it may say anything): only that it changed.
    attempt("note", lambda: None, run_id=run_id, detail=f"note of {len(note)} characters")
    base = st.session_state[f"runs_edit_base_{run_id}"]
    fields = {"stamp": stamp, "tags": sorted({t.strip() for t in tags if t.strip()}), "note": note}
    st.session_state[f"runs_edit_base_{run_id}"] = {**base, **fields}
    st.session_state[f"runs_edit_saved_{run_id}"] = True


def _edit_tags_and_note(store: Store, run_id: str) -> None:
    """The tags and note form; a save based on what this person opened, and the choices when someone saved first."""
    from rubric_core.store.conflicts import merge_tags, merge_text

    base = _edit_base(store, run_id)
    gen = st.session_state.get(f"runs_edit_gen_{run_id}", 0)
    tags_key, note_key = f"runs_tags_{run_id}_{gen}", f"runs_note_{run_id}_{gen}"
    with st.form(f"runs_edit_{run_id}_{gen}"):
        st.text_input("Tags (comma separated)", value=", ".join(base["start_tags"]), key=tags_key)
        st.text_area("Note", value=base["start_note"], key=note_key)
        submitted = st.form_submit_button("Save tags and note", key=f"runs_save_{run_id}")
    mine_tags = [t.strip() for t in str(st.session_state.get(tags_key, "")).split(",") if t.strip()]
    mine_note = str(st.session_state.get(note_key, ""))
    if submitted:
        _save_edits(store, run_id, mine_tags, mine_note, based_on=int(base["stamp"]))
    if st.session_state.pop(f"runs_edit_saved_{run_id}", False):
        st.success("Saved.")
    merged = st.session_state.pop(f"runs_edit_merged_{run_id}", None)
    if merged is not None:
        st.info(
            "Merged: their changes and yours are both in the fields above. Read them, then Save tags and note."
            if merged
            else "You both changed the same lines of the note: it holds both versions of them, theirs first. Keep "
            "what you want, then Save tags and note.",
            icon=":material/merge:",
        )
    conflict = st.session_state.get(f"runs_edit_conflict_{run_id}")
    if not conflict:
        now = store.edit_stamp(run_id)
        if now["stamp"] != base["stamp"]:
            st.caption(
                f":material/info: {who(now.get('edited_by', ''))} changed these tags or this note at "
                f"{when(now.get('edited_at'))}, after you opened them. Saving asks you what to do."
            )
        return
    current = conflict["current"]
    st.warning(
        f"{who(current.get('edited_by', ''))} saved this run's tags and note at {when(current.get('edited_at'))}, "
        "after you opened them. Nothing was overwritten: what you wrote is still in the fields above. Here is theirs "
        "beside yours; merge them, save yours over theirs on purpose, or take theirs.",
        icon=":material/group:",
    )
    st.markdown(
        f"**Tags** · theirs: {md(', '.join(current['tags']) or '(none)')} · yours: "
        f"{md(', '.join(sorted(set(mine_tags))) or '(none)')}"
    )
    show_difference(current["note"], mine_note, their_label="their note", key=f"runs_theirs_{run_id}")
    m1, m2, m3 = st.columns(3)
    if m1.button("Merge both", key=f"runs_merge_{run_id}", icon=":material/merge:"):
        tags = merge_tags(base["tags"], current["tags"], mine_tags)
        note, clean = merge_text(base["note"], current["note"], mine_note)
        _rebase(run_id, current, tags=tags, note=note)
        st.session_state[f"runs_edit_merged_{run_id}"] = clean
        st.rerun()
    if m2.button("Save mine over theirs", key=f"runs_overwrite_{run_id}", icon=":material/save:"):
        _rebase(run_id, current, tags=mine_tags, note=mine_note)
        _save_edits(store, run_id, mine_tags, mine_note, based_on=int(current["stamp"]))
        st.rerun()
    if m3.button("Take theirs (drop mine)", key=f"runs_take_{run_id}"):
        _rebase(run_id, current, tags=current["tags"], note=current["note"])
        st.rerun()


def render() -> None:
    """The page."""
    opened = st.session_state.pop(OPEN, None)
    if opened:  # a cell was clicked: straight to the run, nothing of this page drawn first
        st.session_state.pop(st.session_state.get(TABLE_KEY, ""), None)
        st.session_state[ATTACHED] = opened
        st.switch_page(RUN_PAGE_FILE, query_params={"run": opened})
    store = store_or_stop()
    st.title("Runs")
    if _compare_asked(store):
        return
    if store.count_runs() == 0:
        st.info("No runs yet. Start one on the Run page (a bundled example runs offline, no key needed).")
        st.page_link(RUN_PAGE_FILE, label="Go to the Run page", icon=":material/play_arrow:")
        return
    flt = _filters(store)
    picked, on_page = _table(store, flt)
    hidden = _hidden_selected(store, picked, on_page)
    picked = [rid for rid in picked if rid in on_page or rid in hidden]  # a run deleted meanwhile is dropped
    st.session_state[SELECTION] = picked
    if not picked:
        st.caption(
            "Click a run to open it. Tick the box at the left of a row to preview, tag, annotate or delete it; "
            "tick two to compare them; the ticked runs are offered on the Export page."
        )
        return
    if hidden:
        _show_hidden(hidden)
    if len(picked) == 1:
        _manage(store, picked[0], hidden=picked[0] in hidden)
    elif len(picked) == 2:
        _compare(store, picked[0], picked[1])
    else:
        st.caption(f"{len(picked)} runs selected: compare takes two; Export can take them all.")


def _compare_asked(store: Store) -> bool:
    """`?compare=A,B[&since=TURN:ITERATION]` (a fork tree's link): the compare view of those two, from there on."""
    pair = str(st.query_params.get(COMPARE_PARAM) or "").split(",")
    if len(pair) != 2 or not all(valid_run_id(r) and store.get_run(r) is not None for r in pair):
        return False
    turn, _, iteration = str(st.query_params.get(SINCE_PARAM) or "").partition(":")
    since = (int(turn), int(iteration)) if turn.isdigit() and iteration.isdigit() else None
    if st.button("Back to the list", key="runs_compare_back", icon=":material/arrow_back:"):
        st.query_params.pop(COMPARE_PARAM, None)
        st.query_params.pop(SINCE_PARAM, None)
        st.rerun()
    _compare(store, pair[0], pair[1], since=since)
    return True


def _hidden_selected(store: Store, picked: list[str], on_page: set[str]) -> dict[str, str]:
    """The selected runs the list does not show now (filtered out, on another page): id -> a one-line label.

    A run no longer stored (deleted in another tab) is left out."""
    off = [rid for rid in picked if rid not in on_page]
    if not off:
        return {}
    rows = {r["id"]: r for r in store.list_runs(RunFilter(ids=off), limit=len(off))}
    return {rid: _label(rows[rid]) for rid in off if rid in rows}


def _label(row: dict) -> str:
    when = datetime.fromtimestamp(float(row["created_at"]), UTC).strftime("%m-%d %H:%M")
    task = " ".join(str(row.get("task") or "").split())
    return f"{row['id'][:8]} · {when} · {task[:50] + '…' if len(task) > 50 else task}"


def _show_hidden(hidden: dict[str, str]) -> None:
    """Say which selected runs the filters or the page hide: they stay selected (never swapped for others)."""
    with st.container(key="runs_hidden_selection"):
        lines = "  \n".join(md(label) for label in hidden.values())
        st.info(
            f"{counted(len(hidden), 'selected run')} {'is' if len(hidden) == 1 else 'are'} not in the list as "
            f"filtered and paged, and stay{'s' if len(hidden) == 1 else ''} selected:  \n{lines}",
            icon=":material/visibility_off:",
        )
        st.button("Clear the selection", key="runs_clear_selection", on_click=_clear_selection)
