"""The Run page: editor on the left, the attached run (live or stored) on the right."""

from __future__ import annotations

import streamlit as st

from rubric_core.config import ConfigError, RunConfig
from rubric_core.models.providers import check_model_ready, parse_model_spec
from rubric_ui.criteria import CRITERIA_CSS
from rubric_ui.editor import ERRORS, apply_preset, current_values, show_editor, show_examples_bar
from rubric_ui.keys import run_keys
from rubric_ui.resources import get_manager, store_or_stop
from rubric_ui.run_view import forget_view, is_live, load_view, show_live, show_views
from rubric_ui.safe import md, valid_run_id

POLL_SECONDS = 0.1
VIEWS_POLL_SECONDS = 1.0
"""The plotly heatmap, diff and transcript refresh once a second while live: they cost the browser most."""
PRESET = "run_preset"
"""Session key other pages set (a dict of RunConfig fields) to open the editor pre-filled."""


def _start() -> None:
    # A button callback: runs before the page is drawn, so field errors appear beside their fields.
    raw = current_values()
    try:
        config = RunConfig.from_dict(raw)
    except ConfigError as exc:
        st.session_state[ERRORS] = exc.errors
        return
    keys = run_keys()
    problems = {}
    for field, spec in (("model", config.model), ("grader", config.grader)):
        message = check_model_ready(parse_model_spec(spec), keys=keys)
        if message:
            problems[field] = message
    st.session_state[ERRORS] = problems
    if problems:
        return
    if config.rubric_name:
        store_or_stop().save_rubric(config.rubric_name, config.rubric)
    handle = get_manager().start(config, keys=keys)
    st.query_params["run"] = handle.run_id
    forget_view(handle.run_id)


def _controls(run_id: str) -> None:
    view = load_view(run_id)
    if view is None:
        return
    manager = get_manager()
    cols = st.columns(4)
    if is_live(view):
        if manager.is_live(run_id):
            if cols[0].button("Cancel", key="run_cancel", icon=":material/stop:"):
                manager.cancel(run_id)
                st.toast("Cancelling after the current step…")
        else:
            cols[0].caption("Running in another process: cancel it there.")
    elif view.status in ("cancelled", "interrupted"):
        if cols[0].button("Resume", key="run_resume", type="primary", icon=":material/play_arrow:"):
            try:
                manager.resume(run_id, keys=run_keys())
            except (ValueError, KeyError) as exc:
                st.error(str(exc).strip("'\""))
            else:
                forget_view(run_id)
                st.rerun()
    cols[1].link_button("Present", f"?run={run_id}&view=present", icon=":material/slideshow:")
    if view.ended and view.status != "error":
        with st.expander("Continue this run (follow-up message on the same thread)"):
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
                    manager.follow_up(run_id, message, rubric=rubric if replace else None, keys=run_keys())
                except (ValueError, KeyError) as exc:
                    st.error(str(exc).strip("'\""))
                else:
                    forget_view(run_id)
                    st.rerun()


def _attached(run_id: str) -> None:
    view = load_view(run_id) if valid_run_id(run_id) else None
    if view is None:
        st.error(f"No run with id {md(run_id)} in the store. Pick one on the Runs page.")
        return
    live = is_live(view)
    drawing_page = [True]  # False once the full page run has drawn both fragments: later calls are fragment runs

    # Two fragments: the verdicts poll fast; the heavier views (plotly, diffs, transcript) refresh
    # slower while the run is live, so a long run never makes the page fall behind its events.
    @st.fragment(run_every=POLL_SECONDS if live else None)
    def live_panel() -> None:
        current = load_view(run_id)
        if current is None:
            return
        show_live(current, key="run")
        _controls(run_id)
        if live and not is_live(current) and not drawing_page[0]:
            # The run ended: redraw the whole page, which stops the polling. Only from a fragment run: when
            # the run ends while the full page run is drawing, that run already stops (the next poll, 0.1 s
            # later, asks for the redraw); a rerun asked for mid-page left the page half drawn and stuck.
            st.rerun()

    st.caption(f"Run `{run_id}`")
    st.html(CRITERIA_CSS)

    @st.fragment(run_every=VIEWS_POLL_SECONDS if live else None)
    def views_panel() -> None:
        current = load_view(run_id)
        if current is not None:
            show_views(current, key="run")

    live_panel()
    views_panel()
    drawing_page[0] = False
    # A plain marker drawn by the full page run, never by the polling fragments: once it says the run is not
    # live, the page has been redrawn for the ended run and no rerun is pending (browser tests click after it).
    st.markdown(f'<span class="rs-run-page" data-live="{str(live).lower()}"></span>', unsafe_allow_html=True)


def render() -> None:
    """The page."""
    store = store_or_stop()
    preset = st.session_state.pop(PRESET, None)
    run_id = st.query_params.get("run")
    if preset:
        apply_preset(preset)
    elif run_id and st.session_state.get("run_prefilled") != run_id and not st.session_state.get("run_task"):
        # Opening a run (link, reload, another tab) with an empty editor: start from its settings.
        row = store.get_run(run_id) if valid_run_id(run_id) else None
        if row is not None:
            apply_preset(row["config"])
    st.session_state["run_prefilled"] = run_id
    left, right = st.columns([2, 3], gap="large")
    with left:
        st.subheader("Task and rubric")
        show_examples_bar(store.list_rubrics())
        raw = show_editor()
        b1, b2 = st.columns(2)
        b1.button(
            "Start run", type="primary", key="run_start", icon=":material/play_arrow:", width="stretch", on_click=_start
        )
        if b2.button("Save rubric to library", key="run_save_rubric", width="stretch"):
            name = str(raw.get("rubric_name") or "").strip()
            try:
                version = store.save_rubric(name, str(raw.get("rubric") or ""))
            except ValueError as exc:
                st.error(f"{exc} (Rubric name is under Advanced.)" if "name" in str(exc) else str(exc))
            else:
                st.success(f"Saved {md(name)} as version {version}.")
    with right:
        if run_id:
            _attached(run_id)
        else:
            st.subheader("Watch the loop")
            st.markdown(
                "Load a bundled example (they run offline, no key needed) or write a task and a rubric, then "
                "**Start run**. Each draft, each criterion's verdict and gap, the grader's feedback and the next "
                "revision appear here as they happen."
            )
