"""The Runs page's filters: their panel, the address that keeps them, and a line that says which are on.

What is filtered is kept three ways: in the session (the panel's fields are drawn only while it is open, and
Streamlit forgets a field it does not draw), in the page's address (a reload, a bookmark or a link opens the same
list), and in sight (with the panel closed, a line names every filter in force, with a way to clear them).
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time
from typing import Any

import streamlit as st

from rubric_core.store import ALL_STATUSES, RunFilter, Store
from rubric_core.views.run_view import STATUS_LABELS
from rubric_core.words import counted
from rubric_ui.safe import md

FILTERS_OPEN = "runs_filters_open"
"""Widget key: whether the Filters panel is open."""
FILTER_VALUES = "runs_filter_values"
"""Session key: {filter widget key: value}, the filters in force, kept while their panel is closed."""
URL_WRITTEN = "runs_filter_url"
"""Session key: the filter parameters this session last put in the address (others came from outside)."""
NO_SUITE_ITEMS = "runs_no_suite_items"
"""Widget key: hide the runs suites started (drawn beside the count, not in the panel: see `show_suite_toggle`)."""
FILTER_DEFAULTS: dict[str, object] = {
    "runs_status": [],
    "runs_rubric": "(any)",
    "runs_model": "",
    "runs_dates": (),
    "runs_tag": "",
    "runs_search": "",
    NO_SUITE_ITEMS: False,
}
"""The filter widgets' keys and their values when nothing is filtered."""
PARAMS = {
    "runs_status": "status",
    "runs_rubric": "rubric",
    "runs_model": "model",
    "runs_tag": "tag",
    "runs_search": "task",
    NO_SUITE_ITEMS: "own",
}
"""Each filter's query parameter (the dates are `since` and `until`)."""
_DATE_PARAMS = ("since", "until")


def to_params(kept: dict[str, object]) -> dict[str, str]:
    """The address's query parameters for the filters in `kept` (none for a filter that is off)."""
    out: dict[str, str] = {}
    statuses = [s for s in kept.get("runs_status") or [] if s in ALL_STATUSES]  # type: ignore[attr-defined]
    if statuses:
        out["status"] = ",".join(statuses)
    if kept.get("runs_rubric") not in (None, "", "(any)"):
        out["rubric"] = str(kept["runs_rubric"])
    for key in ("runs_model", "runs_tag", "runs_search"):
        value = str(kept.get(key) or "").strip()
        if value:
            out[PARAMS[key]] = value
    dates = kept.get("runs_dates")
    if isinstance(dates, (tuple, list)) and len(dates) == 2:
        out["since"], out["until"] = dates[0].isoformat(), dates[1].isoformat()
    if kept.get(NO_SUITE_ITEMS):
        out["own"] = "1"
    return out


def from_params(params: dict[str, str]) -> tuple[dict[str, object], list[str]]:
    """The filters an address asks for, and what in it could not be read (said on the page, then left out)."""
    kept = dict(FILTER_DEFAULTS)
    problems = []
    statuses = [s.strip() for s in params.get("status", "").split(",") if s.strip()]
    unknown = [s for s in statuses if s not in ALL_STATUSES]
    if unknown:
        problems.append(f"status {', '.join(unknown)} (a status is one of {', '.join(ALL_STATUSES)})")
    kept["runs_status"] = [s for s in statuses if s in ALL_STATUSES]
    if params.get("rubric"):
        kept["runs_rubric"] = params["rubric"]
    for key in ("runs_model", "runs_tag", "runs_search"):
        kept[key] = params.get(PARAMS[key], "")
    if any(params.get(p) for p in _DATE_PARAMS):
        try:
            since, until = (date.fromisoformat(params.get(p, "")) for p in _DATE_PARAMS)
        except ValueError:
            problems.append("since and until (give both, as dates like 2026-12-31)")
        else:
            kept["runs_dates"] = (since, until)
    kept[NO_SUITE_ITEMS] = params.get("own") == "1"
    return kept, problems


def _url_params() -> dict[str, str]:
    names = (*PARAMS.values(), *_DATE_PARAMS)
    return {name: str(st.query_params[name]) for name in names if name in st.query_params}


def _sync_from_url(kept: dict[str, object]) -> None:
    """An address that asks for other filters than this session put there (a reload, a link, Back) wins."""
    asked = _url_params()
    if not asked or asked == st.session_state.get(URL_WRITTEN):
        return
    found, problems = from_params(asked)
    kept.clear()
    kept.update(found)
    for key, value in found.items():  # the fields, when drawn, show what the address asked for
        st.session_state[key] = value
    st.session_state[URL_WRITTEN] = asked
    if problems:
        st.warning(f"The address asks for filters that are not understood, left out: {md('; '.join(problems))}.")


def _sync_to_url(kept: dict[str, object]) -> None:
    wanted = to_params(kept)
    now = _url_params()
    if wanted != now:
        for name in now:
            if name not in wanted:
                del st.query_params[name]
        st.query_params.update(wanted)
    st.session_state[URL_WRITTEN] = wanted


def filters(store: Store) -> RunFilter:
    """The filters in force, and their panel.

    The panel's fields are drawn only while it is open: drawn folded they cost the page's first draw about
    0.6 s of the browser's time (1.8 s against 1.1 s in a new tab with 2,000 runs, bench/scale.py), and the
    list is what the page is opened for. What they were set to stays in force while the panel is closed (and
    across pages): a copy is kept beside the widgets, which Streamlit forgets once they are not drawn.
    """
    kept: dict[str, object] = st.session_state.setdefault(FILTER_VALUES, dict(FILTER_DEFAULTS))
    _sync_from_url(kept)
    if NO_SUITE_ITEMS in st.session_state:  # the toggle beside the count (drawn after this)
        kept[NO_SUITE_ITEMS] = bool(st.session_state[NO_SUITE_ITEMS])
    panel = st.expander("Filters", key=FILTERS_OPEN, on_change="rerun", icon=":material/filter_list:")
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
        kept.update({key: st.session_state[key] for key in FILTER_DEFAULTS if key != NO_SUITE_ITEMS})
    else:
        _show_filters_on(kept)
    _sync_to_url(kept)
    return run_filter(kept)


def run_filter(kept: dict[str, object]) -> RunFilter:
    """The store's filter for the kept values."""
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
        without_suite_items=bool(kept.get(NO_SUITE_ITEMS)),
    )


def filters_on(kept: dict[str, object]) -> list[str]:
    """The panel's filters in force, in words (the suite toggle is said beside the count)."""
    said = []
    statuses = [STATUS_LABELS.get(s, s) for s in kept.get("runs_status") or []]  # type: ignore[attr-defined]
    if statuses:
        said.append("status " + " or ".join(statuses))
    if kept.get("runs_rubric") not in (None, "", "(any)"):
        said.append(f"rubric {kept['runs_rubric']}")
    for key, what in (("runs_model", "model"), ("runs_tag", "tag"), ("runs_search", "task")):
        value = str(kept.get(key) or "").strip()
        if value:
            said.append(f"{what} contains “{value}”")
    dates = kept.get("runs_dates")
    if isinstance(dates, (tuple, list)) and len(dates) == 2:
        said.append(f"created {dates[0].isoformat()} to {dates[1].isoformat()}")
    return said


def _clear_filters() -> None:
    kept = st.session_state.get(FILTER_VALUES)
    suite = bool(kept.get(NO_SUITE_ITEMS)) if isinstance(kept, dict) else False
    st.session_state[FILTER_VALUES] = {**FILTER_DEFAULTS, NO_SUITE_ITEMS: suite}
    for key in FILTER_DEFAULTS:
        if key != NO_SUITE_ITEMS:
            st.session_state.pop(key, None)


def _show_filters_on(kept: dict[str, object]) -> None:
    """With the panel closed, the filters in force stay in sight (a list that looked whole was filtered)."""
    said = filters_on(kept)
    if not said:
        return
    with st.container(key="runs_filters_on", horizontal=True, vertical_alignment="center"):
        st.markdown(f":material/filter_alt: **Filtered:** {md(' · '.join(said))}", width="content")
        st.button("Clear filters", key="runs_clear_filters", on_click=_clear_filters, type="tertiary")


def show_suite_toggle(store: Store, flt: RunFilter) -> int:
    """Hide the runs suites started (they bury one's own runs): drawn beside the count when the list has any; how
    many the toggle hides now (0 when off)."""
    from dataclasses import replace

    with_items = store.count_runs(replace(flt, without_suite_items=False))
    without = store.count_runs(replace(flt, without_suite_items=True))
    items = with_items - without
    if not items and not flt.without_suite_items:
        return 0
    kept: dict[str, Any] = st.session_state[FILTER_VALUES]
    st.session_state[NO_SUITE_ITEMS] = bool(kept.get(NO_SUITE_ITEMS))
    # Off, it says how many it would hide; on, the count beside it says how many it hides.
    label = f"Hide the {counted(items, 'suite item')}" if items and not flt.without_suite_items else "Hide suite items"
    st.toggle(
        label,
        key=NO_SUITE_ITEMS,
        help="Leave out the runs a suite started for its tasks; the Suites page shows them by suite.",
    )
    return items if flt.without_suite_items else 0
