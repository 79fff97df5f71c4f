"""What a browser session keeps across page switches: the editor's fields and the run it watches.

Streamlit does not keep a widget's value for the browser across a page switch: back on the Run page
the editor came up empty (going to Runs and back). Each run copies the kept widgets' values aside,
under a key of its own, and writes them back under their widget keys (which makes Streamlit send
them to the browser) on every other page and on the first run after arriving on the Run page, and
whenever Streamlit dropped one.

While the Run page stays on screen nothing is written back: a value the script writes replaces the
text the field shows, so writing every field on every run (the documented multipage workaround)
wiped text typed into one field while the run started by committing another field was drawing
(seen in the browser tests: the Rubric emptied after the Task was committed).
"""

from __future__ import annotations

import uuid
from typing import Any

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

DEFAULTS: dict[str, Any] = {
    "run_task": "",
    "run_rubric": "",
    "run_model": "offline:writer",
    "run_model_custom": "",
    "run_grader": "offline:grader",
    "run_grader_custom": "",
    "run_max_iterations": 3,
    "run_grader_tools": [],
    "run_system_prompt": "",
    "run_grader_prompt": "",
    "run_strategy": "auto",
    "run_call_limit": 4,
    "run_timeout": 120,
    "run_rubric_name": "",
    "run_agent": "",
}
"""The Run page editor's widget keys and their values before anyone types (screens/run_editor.py)."""
KEPT_VALUES = "run_kept_values"
"""Session key: {widget key: its last value}, the copy put back when Streamlit dropped the widget's state
(see keep_widget_state below)."""
PRESET = "run_preset"
"""Session key other pages set (a dict of RunConfig fields) to open the Run page's editor pre-filled."""
SELECTION = "runs_selection"
"""Session key: run ids picked on the Runs page, offered to the Export page."""
START_KEY = "run_start"
"""The Run page's Start button's key, before its click token (`run_start_<token>`)."""
_START_CLICK = "run_start_click"
"""Session key: the click token of the Start button drawn now (see start_token)."""

EDITOR_KEYS = (*DEFAULTS, "run_example", "run_library_pick")
"""Widget keys of the Run page's editor (drawn together, after the toggle that shows it)."""
KEPT_KEYS = (*EDITOR_KEYS, "run_view")
"""Widget keys of the Run page whose values outlive a visit to another page (and the watched run's edit toggle)."""
ATTACHED = "run_attached"
"""Session key: the run the Run page showed last (restored as ?run= when the page is opened bare)."""
VIEWED = "run_viewed"
"""Session key: the run a page showed last (the Run page's, the Review page's, the one previewed on Runs): the
sidebar's Present presents it."""
STARTED_HERE = "run_started_here"
"""Session key: the run this session's Start began last (Back from it shows the editor it was started from)."""


RUN_PAGE = "Run"
"""The Run page's title (app.py)."""
LAST_PAGE = "run_last_page"
"""Session key: the title of the page the previous run drew."""


EDITOR_DRAWN = "run_editor_drawn"
"""Session key: whether the last full page run that drew its page to the end drew the editor."""
_EDITOR_DRAWING = "run_editor_drawing"
"""Session key: whether this full page run has drawn the editor (EDITOR_DRAWN once the run ends)."""
_EDITOR_FRESH = "run_editor_fresh"
"""Session key: this full run is the first to draw the editor since a run that did not."""


def editor_shown() -> None:
    """Call where the Run page draws the editor, before any of its widgets.

    When the last full run did not draw the editor (another page, or the editor folded away while a run was
    watched), the browser draws its fields anew from what the server sends, and Streamlit does not always
    send a value it kept for a widget that was not drawn: the fields came up empty while the server still held
    their text. The first run that draws them again writes every value back, which makes Streamlit send it.
    """
    if st.session_state.get(_EDITOR_FRESH):
        kept: dict[str, object] = st.session_state.get(KEPT_VALUES, {})
        for key in EDITOR_KEYS:
            if key in st.session_state:
                st.session_state[key] = st.session_state[key]
            elif key in kept:
                st.session_state[key] = kept[key]
        st.session_state[_EDITOR_FRESH] = False
    st.session_state[_EDITOR_DRAWING] = True


def edit_toggle_key(run_id: str) -> str:
    """The widget key of the toggle that opens the editor above run `run_id`: one toggle per run.

    Start folds the editor by drawing the new run's own toggle, off. It used to set one shared toggle to off,
    and a browser busy with another rerun (the live view's polling) could still send the toggle's old value,
    on, after the click: the editor stayed open and the live view off screen (2 Starts in 8 in a new user's
    pass). An old value sent for another run's toggle changes nothing.
    """
    return f"run_edit_open_{run_id}"


def keep_widget_state(page: str) -> None:
    """Keep the Run page's widget values across page switches (call at the top of every run, on every page).

    `page` is the title of the page this run draws (RUN_PAGE for the Run page).
    """
    kept: dict[str, object] = st.session_state.setdefault(KEPT_VALUES, {})
    if page != RUN_PAGE:
        # Left the Run page: a bare Run page reached by Back from now on is the Run page opened again (its entry
        # only stood for a moment before the watched run's ?run= was put back), not the editor a Start began from.
        st.session_state.pop(STARTED_HERE, None)
    arrived = st.session_state.get(LAST_PAGE) != page
    st.session_state[LAST_PAGE] = page
    write_back = arrived or page != RUN_PAGE
    watched = st.session_state.get(ATTACHED)
    # While the editor was not drawn, a field's key reads the value the script last wrote to it (an earlier
    # preset), not the value the field last held: the copy is the truth then, and goes back under the key.
    folded = not st.session_state.get(EDITOR_DRAWN, False)
    for key in (*KEPT_KEYS, edit_toggle_key(watched)) if watched else KEPT_KEYS:
        if folded and key in EDITOR_KEYS and key in kept:
            st.session_state[key] = kept[key]
        elif key in st.session_state:
            kept[key] = st.session_state[key]
            if write_back:
                st.session_state[key] = kept[key]
        elif key in kept:
            st.session_state[key] = kept[key]  # dropped while the field was not drawn: put it back
    # Fragment runs never get here (they run the fragment alone): this is the previous full run's word.
    st.session_state[_EDITOR_FRESH] = not st.session_state.get(EDITOR_DRAWN, False)
    st.session_state[_EDITOR_DRAWING] = False


def page_drawn() -> None:
    """Call once a full run has drawn its page to the end: what it drew becomes the word for the next run.

    A run cut short (a newer rerun preempts it: a field committed while the previous one was still drawing)
    says nothing about the editor. When its start counted as "the editor folded", the next run wrote the kept
    copy, as the cut run had read it, over a value just typed (CI, both cores busy: the rubric came back
    empty after the task's rerun was preempted by the rubric's).
    """
    st.session_state[EDITOR_DRAWN] = bool(st.session_state.get(_EDITOR_DRAWING, False))


def arrived_by_history() -> bool:
    """Whether this script run answers the browser's Back or Forward (Streamlit then replaces the URL it changes
    instead of adding a history entry)."""
    ctx = get_script_run_ctx(suppress_warning=True)
    return bool(ctx is not None and getattr(ctx, "is_history_navigation", False))


def mark_viewed(run_id: str) -> None:
    """A page is showing this one run: Present from the sidebar presents it."""
    st.session_state[VIEWED] = run_id


def viewed_run() -> str | None:
    """The run a page showed last in this session (else the Run page's), for Present opened from the sidebar."""
    return st.session_state.get(VIEWED) or st.session_state.get(ATTACHED)


def attached_run() -> str | None:
    """The run to show: ?run= when given (and remembered), else the one this session watched last.

    Not after Back from a run this page's Start began to the Run page without ?run=: that history entry is the
    editor as it was before the Start (Streamlit adds one for the page and another for the ?run= the Start put
    in the URL), not a page to put the run back on (it did, and the first Back after a Start seemed to do
    nothing). Forward comes back to the run by its ?run=.
    """
    run_id = st.query_params.get("run")
    if run_id:
        st.session_state[ATTACHED] = st.session_state[VIEWED] = run_id
        return run_id
    remembered = st.session_state.get(ATTACHED)
    if remembered and arrived_by_history() and st.session_state.get(STARTED_HERE) == remembered:
        detach()
        return None
    if remembered:
        st.query_params["run"] = remembered
        st.session_state[VIEWED] = remembered
    return remembered


def detach() -> None:
    """Forget the watched run (the Run page shows an empty view; the run itself goes on)."""
    st.session_state.pop(ATTACHED, None)
    st.query_params.pop("run", None)
    drop_run_view_params()


RUN_VIEW_PARAMS = ("it", "more")
"""What the Run page keeps in its address of the run it shows: the chosen iteration and the view below the run
(widgets/run_address.py)."""

CELL_PARAM = "crit"
"""A link to one cell names its criterion too (widgets/cell_links.py): it goes with the run as the iteration does."""


def drop_run_view_params() -> None:
    """The Run page leaves its run (another run, or none): the run's view parameters go with it."""
    for name in (*RUN_VIEW_PARAMS, CELL_PARAM):
        st.query_params.pop(name, None)


def start_token() -> str:
    """The click token of the Run page's Start button: a new one after each run it started.

    A start claims its token in the store (rubric_core/store/start_clicks.py), so the same click delivered
    twice starts one run; the next click is on a button drawn with a new token.
    """
    token = st.session_state.get(_START_CLICK)
    if not token:
        token = st.session_state[_START_CLICK] = uuid.uuid4().hex
    return str(token)


def spend_start_token(token: str) -> None:
    """The click of `token` started its run: the Start button drawn next carries a new token."""
    if st.session_state.get(_START_CLICK) == token:
        st.session_state[_START_CLICK] = uuid.uuid4().hex


RUN_PARAM_PAGES = ("run", "present", "review")
"""The url paths of the pages that read ?run= (the Run page is the default page, path '')."""


def drop_stray_run_param(url_path: str) -> None:
    """After Back onto a page that does not read ?run=, take a ?run= off its URL (replaced, no new entry).

    st.switch_page(..., query_params=...) puts the parameters in the URL of the page being left before it
    switches, so Back from a run opened on the Runs list landed on /runs?run=<id>.
    """
    if url_path and url_path not in RUN_PARAM_PAGES and "run" in st.query_params and arrived_by_history():
        st.query_params.pop("run", None)
