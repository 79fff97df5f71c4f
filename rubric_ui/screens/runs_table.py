"""The Runs page's table: one row per run, a click opens it, a ticked box selects it (kept by run, not by row)."""

from __future__ import annotations

import hashlib
from functools import partial

import pandas as pd
import streamlit as st

from rubric_core.store import RunFilter, Store
from rubric_core.verdicts import score_text, tally
from rubric_core.views import frames
from rubric_core.views.run_view import STATUS_COLORS, STATUS_LABELS
from rubric_core.views.task_labels import task_labels
from rubric_core.words import counted
from rubric_ui.session.state import SELECTION

PAGE_SIZE = 50
"""Runs per page of the table (read through the module: tests make it smaller)."""
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
STATUS_PX = 200
"""The status column's width: the longest label ("Failed (rubric not gradable)", 28 characters, at about 6.5 px a
character of the badge's font) with the badge's padding (at 150 px "Max iterations reached" was cut)."""
TASK_PX = (170, 100)
"""The task column's width without and with the agent column (the widths of all columns add up to the page's at
1440 px, so none is off screen)."""
CHAR_PX = 7
"""About one character of the table's font: what the task column shows of a task (task_labels starts a label
where tasks differ when that is past the column's edge)."""


def show_count(total: int, *, filtering: bool, hidden_items: int, page: int, pages: int) -> None:
    """How many runs the list holds, what is hidden, and which page this is."""
    if filtering:
        said = f"{total:,} {'run matches' if total == 1 else 'runs match'} the filters"
    else:
        said = counted(total, "run")
    if hidden_items:
        said += f" · {counted(hidden_items, 'suite item')} hidden"
    st.caption(f"{said} · page {page} of {pages}")


def show_table(store: Store, flt: RunFilter, page: int) -> tuple[list[str], set[str]]:
    """The table of page `page` (1-based); the runs selected now, and the ids this page lists."""
    rows = store.list_runs(flt, limit=PAGE_SIZE, offset=(int(page) - 1) * PAGE_SIZE)
    ids = [r["id"] for r in rows]
    st.session_state[PAGE_IDS] = ids
    key = _table_key(ids)
    st.session_state[TABLE_KEY] = key
    selected = [str(rid) for rid in st.session_state.get(SELECTION) or []]
    ticked_before = [i for i, rid in enumerate(ids) if rid in selected]
    frame = frames.runs_frame_from_rows(rows)
    finals = store.final_verdicts(ids)
    agents = [str(r.get("agent") or "") or "built-in" for r in rows]
    project_agents = any(a != "built-in" for a in agents)
    task_px = TASK_PX[project_agents]
    columns = {
        "status": [[status_text(v)] for v in frame["status"]],
        "created": frame["created_at"].dt.strftime("%m-%d %H:%M"),
        "task": _fork_marked(
            store, ids, [one_line(t) for t in task_labels([_plain(t) for t in frame["task"]], width=task_px // CHAR_PX)]
        ),
        "score": [score_of(finals.get(rid)) for rid in ids],
        "criteria met": [met_of(finals.get(rid)) for rid in ids],
        # Built row by row: on an empty page the columns have no values to add (string + Int64 raised).
        "rubric": [
            ("" if pd.isna(name) else str(name)) + ("" if pd.isna(version) else f" v{int(version)}")
            for name, version in zip(frame["rubric_name"], frame["rubric_version"], strict=True)
        ],
        "model": frame["model"],
        "grader": frame["grader"],
        "agent": agents,
        "iter.": frame["iterations"],
        "tokens": frame["total_tokens"],
        "tags": frame["tags"],
    }
    if not project_agents:  # every row says "built-in": the column tells nothing, and its width goes to the task
        del columns["agent"]
    # Widths in pixels that add up to the page's width at 1440 px, so no column is off screen; the run's id,
    # its note and the whole task are shown for the selected run below.
    # A click on a cell opens that run (one click, as in a log viewer); the boxes at the left pick rows to
    # preview, tag, compare or export.
    event = st.dataframe(
        pd.DataFrame(columns),
        hide_index=True,
        on_select=partial(_open_clicked, key),
        selection_mode=["multi-row", "single-cell"],
        # A new table (other rows) starts with the boxes of the runs already selected ticked.
        selection_default={"selection": {"rows": ticked_before, "columns": [], "cells": []}} if ticked_before else None,
        key=key,
        column_config={k: v for k, v in _column_config(task_width=task_px).items() if k in columns},
    )
    ticked = [ids[i] for i in event.selection.rows if i < len(ids)]  # type: ignore[union-attr]
    # The selection is of runs, not rows: a run off this page (filtered out, on another page) stays selected,
    # one on it is selected exactly when its box is ticked, and newly ticked runs come last.
    on_page = set(ids)
    picked = [rid for rid in selected if rid not in on_page or rid in ticked]
    picked += [rid for rid in ticked if rid not in picked]
    st.session_state[SELECTION] = picked
    return picked, on_page


def fork_mark(parent: str, turn: int, iteration: int) -> str:
    """What a fork's row says first: which run it forked and where ("fork of 1a2b3c4d at iteration 3")."""
    return f"⑂ fork of {parent[:8]} at {f'turn {turn + 1}, ' if turn else ''}iteration {iteration + 1} · "


def _fork_marked(store: Store, ids: list[str], labels: list[str]) -> list[str]:
    """Task labels, a fork's led by its mark: a fork and its parent share the task and looked alike."""
    from rubric_core.store.forks import fork_points

    forks = fork_points(store, ids)
    return [fork_mark(*forks[rid]) + label if rid in forks else label for rid, label in zip(ids, labels, strict=True)]


def _column_config(*, task_width: int) -> dict:
    return {
        "status": st.column_config.MultiselectColumn(
            width=STATUS_PX, options=list(_LABEL_COLORS), color=list(_LABEL_COLORS.values())
        ),
        "created": st.column_config.TextColumn(width=85),
        # The task is a button: a click on it opens the run at once (a click on another cell opens it too,
        # through the table's selection, which the table sends 150 ms after the click).
        "task": st.column_config.ButtonColumn(
            width=task_width,
            type="tertiary",
            alignment="left",
            help="Click a run's task to open it; tick its box to preview it below. A task that opens like the "
            "others listed starts with … where it differs (the preview shows it whole)",
            on_click=_task_clicked,
            key=TASK_CLICK,
        ),
        # Criteria met at the final draft, of those judged (n/a left out): a number, so it sorts as one. Whole
        # percents: the bar shares its cell with the label, and a longer label ("83.33%") drew a shorter bar.
        "score": st.column_config.ProgressColumn(
            width=70,
            min_value=0,
            max_value=100,
            format="%d%%",
            help="Criteria met at the final draft, of the criteria judged (n/a left out)",
        ),
        "criteria met": st.column_config.TextColumn(
            width=85,
            help="Criteria met at the final draft of those judged, and how many the grader could not judge (n/a), "
            "as `rubric-studio runs` says it",
        ),
        "rubric": st.column_config.TextColumn(width=85),
        "model": st.column_config.TextColumn(width=90),
        "grader": st.column_config.TextColumn(width=90),
        "agent": st.column_config.TextColumn(width=70, help="The project agent that did the work, or built-in"),
        "iter.": st.column_config.NumberColumn(width=40),
        "tokens": st.column_config.NumberColumn(width=55, format="localized"),
        "tags": st.column_config.TextColumn(width=50),
    }


def _table_key(ids: list[str]) -> str:
    """The table's widget key, from the run ids of its rows (and how often the selection was cleared).

    Streamlit keeps a keyed table's selection as row numbers across reruns whatever rows it now shows: after a
    filter or a page turn, "row 1 ticked" was another run, and Open, Present, Tags, Delete and Export acted on
    it. Other rows make another table, whose boxes start from the runs selected (`selection_default`).
    """
    digest = hashlib.sha256("\n".join(ids).encode()).hexdigest()[:16]
    return f"runs_table_{digest}_{st.session_state.get(CLEARED, 0)}"


def clear_selection() -> None:
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


def _plain(task: object) -> str:
    return str(task) if task is not None and not pd.isna(task) else ""  # type: ignore[call-overload]


def one_line(task: object) -> str:
    """A task as a button's label: one line (the table draws a line of it; the whole task is in the preview).

    The button column reads a label that starts with `:material/name:` as an icon, and one written as a JSON
    list (`["a", "b"]`) as a menu of several buttons. A task is text: a word joiner (drawn as nothing) in
    front of a label that starts with ":" or "[" keeps it so (after byte-order marks, which the column's trim
    drops and Python's split keeps).
    """
    line = " ".join(_plain(task).split())[:300] or "(no task)"
    return WORD_JOINER + line if line.lstrip("\ufeff").startswith((":", "[")) else line


def score_of(verdicts: list[str] | None) -> int | None:
    """A run's score in whole percent: criteria met at the final draft, of those judged (None: none judged).

    Read through rubric_core.verdicts.tally, the one place that says how n/a counts."""
    rate = tally(verdicts or []).rate
    return None if rate is None else round(rate * 100)


def met_of(verdicts: list[str] | None) -> str:
    """Criteria met of those judged, and the n/a apart: "4/5 · 1 n/a", as the command line's `runs` says it."""
    return score_text(verdicts) if verdicts else "–"


def status_text(status: str) -> str:
    """A status in words."""
    return STATUS_LABELS.get(status, status)


_LABEL_COLORS = {STATUS_LABELS.get(k, k): v for k, v in STATUS_COLORS.items()}
"""Each status label's colour, as on the chips elsewhere (the table draws each status as a coloured label)."""
