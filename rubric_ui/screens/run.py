"""The Run page: editor on the left, the attached run (live or stored) on the right."""

from __future__ import annotations

from typing import TYPE_CHECKING

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from rubric_core.access import Target
from rubric_core.config import ConfigError, RunConfig
from rubric_core.models.providers import check_model_ready, parse_model_spec
from rubric_core.rubric import repeated_criteria
from rubric_ui.safe import md, valid_run_id
from rubric_ui.screens.run_editor import (
    ERRORS,
    apply_preset,
    current_values,
    seed_with_example,
    set_errors,
    show_editor_settings,
    show_editor_texts,
    show_examples_bar,
)
from rubric_ui.screens.run_steer import show_steering, show_step_choice, step_mode
from rubric_ui.session.access import act, allowed, check_forged_actions
from rubric_ui.session.keys import run_keys
from rubric_ui.session.page_files import RUNS_PAGE_FILE
from rubric_ui.session.resources import get_manager, store_or_stop
from rubric_ui.session.state import (
    PRESET,
    START_KEY,
    STARTED_HERE,
    attached_run,
    detach,
    drop_run_view_params,
    edit_toggle_key,
    editor_shown,
    spend_start_token,
    start_token,
)
from rubric_ui.widgets.fragments import draw_fragment
from rubric_ui.widgets.run_element import preload_run_element
from rubric_ui.widgets.run_view import (
    drawn_stamp,
    forget_view,
    is_live,
    load_view,
    seed_view,
    show_run_view,
    show_views,
)
from rubric_ui.widgets.scroll import bring_run_header_into_view
from rubric_ui.widgets.suite_link import show_suite_link

if TYPE_CHECKING:
    from rubric_core.execution.backend import LiveRun
    from rubric_core.store import Store
    from rubric_core.views.run_view import RunView

POLL_SECONDS = 0.1
"""The live fragment (the controls and the run view element) polls this often while a run is live."""
IDLE_POLL_SECONDS = 2.0
"""A cancelled or interrupted run can be resumed from another dashboard or the CLI: the page keeps looking."""
DRAWN = "run_drawn_stamp"
"""Session key: {run_id: drawn_stamp} of the last full page run that drew the attached run to its end."""
VIEWS_SHOWN = "run_views_shown"
"""Session key: whether the last full page run drew the Diff or the Transcript (they follow the run by a rerun)."""
SAVED = "run_saved_flash"
"""Session key: the message of a rubric just saved from the editor (shown by the rerun that follows the save)."""
CANCELLING = "run_cancelling"
"""Session key: ids of runs whose Cancel was clicked here (shown as "Cancelling…" until they stop)."""
SCROLL_TO = "run_scroll_to_header"
"""Session key: the run just started here: the next full page run brings its header into sight."""


def follow_open_key(run_id: str) -> str:
    """Widget key: whether this run's "Continue this run" panel is open (each run's starts folded)."""
    return f"run_follow_open_{run_id}"


def _start(token: str) -> None:
    # A button callback: runs before the page is drawn, so field errors appear beside their fields. `token` is
    # the click's: the Start button drawn with it (start_token) is the only widget that brings it.
    raw = current_values()
    try:
        config = RunConfig.from_dict(raw)
    except ConfigError as exc:
        set_errors(exc.errors)
        return
    repeated = repeated_criteria(config.rubric)  # a new run only: stored runs with a repeated line still open
    if repeated:
        set_errors({"rubric": repeated})
        return
    keys = run_keys()
    problems = {}
    for field, spec in (("model", config.model), ("grader", config.grader)):
        message = check_model_ready(parse_model_spec(spec), keys=keys)
        if message:
            problems[field] = message
    set_errors(problems)
    if problems:
        return
    from rubric_core.engine.checkpoint_file import CheckpointFileError
    from rubric_core.execution.manager import AlreadyStarted
    from rubric_core.store import StoreError

    def start() -> LiveRun:
        if config.rubric_name:
            store_or_stop().save_rubric(config.rubric_name, config.rubric)
        return get_manager().start(config, keys=keys, click_token=token, step=step_mode())

    try:
        handle = act(
            "start",
            start,
            target=lambda h: Target(run_id=h.run_id, rubric_name=config.rubric_name),
            detail=f"{config.model} graded by {config.grader}" + (f" on agent {config.agent}" if config.agent else ""),
        )
    except AlreadyStarted as exc:
        # This click was delivered twice (a rerun replayed it): its run is the one to show, and no second one
        # starts, nor a second 'start' in the audit trail.
        spend_start_token(token)
        st.query_params["run"] = exc.run_id
        st.session_state["run_attached"] = exc.run_id
        return
    except ConfigError as exc:  # the project: not the one opened, or without the agent, tool or files named
        set_errors(exc.errors)
        return
    except (CheckpointFileError, StoreError, ValueError) as exc:
        # A checkpoint or store file this run cannot use, or a Dask cluster it cannot go to (or may not
        # send a typed key to): said beside Start, nothing started or stored.
        set_errors({"start": str(exc)})
        return
    if handle is None:
        return
    spend_start_token(token)
    # Streamlit keeps the scroll: scrolled down to the editor, the new run's header was above the window.
    st.session_state[SCROLL_TO] = handle.run_id
    st.session_state[STARTED_HERE] = handle.run_id
    drop_run_view_params()  # the iteration and view of the run shown before
    st.query_params["run"] = handle.run_id
    st.session_state["run_attached"] = handle.run_id
    # The editor folds: the new run's page draws its own edit toggle, off (state.edit_toggle_key), and the live
    # view comes right under the run's header, in sight (below the open editor it was off screen at 1440x900).
    seed_view(handle.run_id, config.to_dict())


def _cancel(run_id: str) -> None:
    # A callback: "Cancelling…" is drawn by the very rerun the click causes.
    if act("cancel", lambda: get_manager().cancel(run_id), run_id=run_id):
        st.session_state.setdefault(CANCELLING, set()).add(run_id)


def _controls(run_id: str, view: RunView) -> None:
    """Cancel (live) or Resume (stopped before its end), above the run view element, in sight; nothing for a run
    that ended (the element links to Present itself: a row of columns cost every opened run's page)."""
    if is_live(view) and allowed("cancel"):
        # Live here, or in another process on the same database (a Dask worker, another dashboard):
        # the manager cancels through the store then, and the process running it stops it.
        cancelling = run_id in st.session_state.get(CANCELLING, set())
        st.button(
            "Cancelling…" if cancelling else "Cancel",
            key="run_cancel",
            icon=":material/stop:",
            disabled=cancelling,
            on_click=_cancel,
            args=(run_id,),
        )
    elif view.status in ("cancelled", "interrupted") and allowed("resume"):
        if st.button("Resume", key="run_resume", type="primary", icon=":material/play_arrow:"):
            try:
                resumed = act("resume", lambda: get_manager().resume(run_id, keys=run_keys()), run_id=run_id)
            except (ValueError, KeyError) as exc:
                st.error(str(exc).strip("'\""))
            else:
                if resumed is not None:
                    st.session_state.get(CANCELLING, set()).discard(run_id)
                    forget_view(run_id)
                    st.rerun()


def _continue_panel(run_id: str, view: RunView) -> None:
    """A follow-up message on the same thread, under the run view element (folded: rarely used)."""
    manager = get_manager()
    if view.ended and view.status != "error" and allowed("continue"):
        # Its fields are drawn only while it is open: drawn folded they cost every opened run's page (the one
        # click from the Runs list, bench/scale.py) about 0.1 s of the browser's time, for a panel rarely used.
        panel = st.expander(
            "Continue this run (follow-up message on the same thread)", key=follow_open_key(run_id), on_change="rerun"
        )
        if not panel.open:
            return
        with panel:
            message = st.text_area("Follow-up message", key="run_follow_message")
            replace = st.checkbox("Replace the rubric", key="run_follow_replace")
            rubric = st.text_area(
                "New rubric",
                key="run_follow_rubric",
                value=view.current.rubric if view.current else "",
                disabled=not replace,
            )
            if st.button("Continue", key="run_follow_go", type="primary"):
                try:
                    continued = act(
                        "continue",
                        lambda: manager.follow_up(run_id, message, rubric=rubric if replace else None, keys=run_keys()),
                        run_id=run_id,
                        detail="rubric replaced" if replace else "",
                    )
                except (ValueError, KeyError) as exc:
                    st.error(str(exc).strip("'\""))
                else:
                    if continued is not None:
                        forget_view(run_id)
                        st.rerun()


def _in_fragment_run() -> bool:
    """Whether this script run reruns fragments only (a poll), not the whole page."""
    ctx = get_script_run_ctx(suppress_warning=True)
    return bool(ctx is not None and ctx.fragment_ids_this_run)


def _attached(run_id: str) -> None:
    view = load_view(run_id) if valid_run_id(run_id) else None
    if view is None:
        st.error(f"No run with id {md(run_id)} in the store. Pick one on the Runs page.")
        return
    live = is_live(view)
    stamp = drawn_stamp(view)
    # A live run polls fast; a run that stopped before its end (cancelled, interrupted) slowly, because
    # another process may resume it: its new part must show here without a click, not a stale "Cancelled".
    every = (
        POLL_SECONDS if live else IDLE_POLL_SECONDS if view.status in ("cancelled", "interrupted", "paused") else None
    )

    # The controls and the run view element poll. The element is one Streamlit element drawn from one payload:
    # re-sent with every poll, it redraws in the browser only when the payload changed (its stamp), so a poll
    # that found nothing new costs the browser nothing. The end of the run (the controls change, the page's
    # marker says so) and, while the Diff or the Transcript is shown, a new draft or verdict redraw the whole
    # page once. One snapshot of the run for everything a run of this fragment draws: the element's verdict
    # line, chips, draft, criteria and heatmap agree. A fragment's own rerun (a poll, a click inside it) loads
    # the newest.
    @st.fragment(run_every=every)
    def progress() -> None:
        check_forged_actions()  # a fragment run does not run the page script: its controls are checked here
        current = load_view(run_id) if _in_fragment_run() else view
        if current is None:
            return
        # Compared with what the last *finished* full page run drew, kept in the session: a page run cut short
        # (a click, a rerun that preempted it) never records its stamp, so the next poll redraws the page
        # instead of trusting a draw that did not happen. Only from a poll: a rerun asked for while the full
        # page run is still drawing would cut that run short itself.
        drawn = st.session_state.get(DRAWN, {}).get(run_id)
        moved = drawn_stamp(current) != drawn
        # Read at each poll: the Diff or the Transcript may have been opened since (a run of their own fragment).
        views_shown = bool(st.session_state.get(VIEWS_SHOWN))
        if every and _in_fragment_run() and (is_live(current) != live or (views_shown and moved)):
            st.rerun()
        cancelling = is_live(current) and run_id in st.session_state.get(CANCELLING, set())
        _controls(run_id, current)
        show_run_view(current, cancelling=cancelling)
        _continue_panel(run_id, current)

    @st.fragment
    def views_panel() -> None:
        current = load_view(run_id) if _in_fragment_run() else view
        if current is not None:
            st.session_state[VIEWS_SHOWN] = show_views(current, key="run")

    draw_fragment(progress, key="rs_run_header")
    show_steering(run_id, view)  # the pause panel, the fork panel, the fork tree (run_steer.py)
    draw_fragment(views_panel)
    st.session_state[DRAWN] = {run_id: stamp}  # this full page run drew everything for `stamp`
    # A plain marker drawn by the full page run, never by the polling fragments: once it says the run is not
    # live, the page has been redrawn for the ended run and no rerun is pending (browser tests click after it).
    st.html(f'<span class="rs-run-page" data-live="{str(live).lower()}"></span>')
    if st.session_state.get(SCROLL_TO) == run_id:
        # Drawn by every full page run of the new run until the one for its end, at the same place, so the
        # browser keeps one frame (its script runs once, and stops at the reader's first scroll). Drawn by the
        # first page run only, a quick run's end redrew the page before the frame had loaded, the frame went with
        # it and the header stayed above the window (seen under load).
        if not live:
            st.session_state.pop(SCROLL_TO, None)
        bring_run_header_into_view()


def _editor(store: Store) -> None:
    """Examples across the page; task and rubric on the left, models, settings and Start on the right."""
    editor_shown()
    show_examples_bar(store.list_rubrics())
    left, right = st.columns([4, 3], gap="large")
    with left:
        show_editor_texts()
    with right:
        # Start heads the settings column: under them it was below the fold at 1280x720.
        token = start_token()
        # The key names the token: after a start the button is another widget, so a click on the old one that
        # reaches the server again can only bring the spent token (refused by the store), never the new one.
        st.button(
            "Start run",
            type="primary",
            key=f"{START_KEY}_{token}",
            icon=":material/play_arrow:",
            width="stretch",
            on_click=_start,
            args=(token,),
        )
        show_step_choice()
        start_problem = st.session_state.get(ERRORS, {}).get("start")
        if start_problem:
            st.error(start_problem, icon=":material/error:")
        raw = show_editor_settings()
        b2, b3 = st.columns([2, 1], vertical_alignment="bottom")
        b2.text_input("Rubric name (to save it in the library)", key="run_rubric_name", placeholder="e.g. haiku-rules")
        if allowed("rubric_save") and b3.button("Save rubric", key="run_save_rubric", width="stretch"):
            name = str(raw.get("rubric_name") or "").strip()
            try:
                version = act(
                    "rubric_save",
                    lambda: store.save_rubric(name, str(raw.get("rubric") or "")),
                    rubric=name,
                    detail=lambda v: f"version {v}",
                )
            except ValueError as exc:
                st.error(f"{exc} Type a name in the field beside the button." if "name" in str(exc) else str(exc))
            else:
                if version is None:
                    return
                # Drawn again so the library picker above names the new version; the message survives the rerun.
                st.session_state[SAVED] = f"Saved {md(name)} as version {version}."
                st.rerun()
        saved = st.session_state.pop(SAVED, None)
        if saved:
            st.success(saved)
            # Beside the button it was below the fold (at 1280x720, under the settings): said in sight as well.
            st.toast(saved, icon=":material/check_circle:")


def render() -> None:
    """The page: the editor, or the run being watched with the editor folded above it."""
    store = store_or_stop()
    preset = st.session_state.pop(PRESET, None)
    run_id = attached_run()
    if preset:
        apply_preset(preset)
    elif not run_id and allowed("start"):
        seed_with_example()
    elif run_id and st.session_state.get("run_prefilled") != run_id and not st.session_state.get("run_task"):
        # Opening a run (link, reload, another tab) with an empty editor: start from its settings.
        row = store.get_run(run_id) if valid_run_id(run_id) else None
        if row is not None:
            apply_preset(row["config"])
    st.session_state["run_prefilled"] = run_id
    st.title("Run")  # every page opens with a title of the same size (st.title)
    starts = allowed("start")
    if run_id:
        c1, c2 = st.columns([5, 1], vertical_alignment="center")
        with c1:
            show_suite_link(store, run_id)
            st.caption(f"Run `{run_id}`")
        if starts:
            c2.button("New run", key="run_new", icon=":material/add:", on_click=detach, width="stretch")
        # Drawn only when asked for: a run opened from a link draws no editor widgets (half the page's). In a
        # container of its own whatever the role, so the run's polling fragment sits at the same place (and has
        # the same id) for every role: a forged press of its controls then reaches the check (access.py).
        with st.container():
            if starts and st.toggle("Task and rubric: edit them or start another run", key=edit_toggle_key(run_id)):
                _editor(store)
        _attached(run_id)
        return
    if not starts:  # reading only: the editor starts runs, which this role may not
        st.info("Your role reads runs but does not start them: open one from the Runs page.")
        st.page_link(RUNS_PAGE_FILE, label="Go to the Runs page", icon=":material/history:")
        return
    st.caption(
        "Load a bundled example (they run offline, no key needed) or write a task and a rubric, then "
        "**Start run**. Each draft, each criterion's verdict and gap, the grader's feedback and the next "
        "revision appear here as they happen."
    )
    _editor(store)
    preload_run_element()
