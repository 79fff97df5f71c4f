"""The Review page: a review queue of a run's cells, grader-human agreement, consistency and what-if regrades.

Iterations and turns are shown 1-based (iteration 1 = the first draft); the
core works on the store's 0-based numbers. All run and grader text is shown
as text or escaped HTML.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

import streamlit as st

from rubric_core.view import STATUS_LABELS
from rubric_ui.keys import run_keys
from rubric_ui.resources import store_or_stop
from rubric_ui.safe import md, valid_run_id

if TYPE_CHECKING:
    from rubric_core.store import Store

REVIEWER = "review_reviewer_name"
"""Session-state key of the reviewer's name: kept for the browser session, across pages."""
ERROR = "review_error"
FEEDBACK_NOTE = (
    "Drafts after the first were written in reply to the ORIGINAL grader's feedback: this shows what the new "
    "rubric or grader would have said about those same drafts, not what the agent would have written."
)
TABLE_CSS = (
    "<style>.rv-t{width:100%;border-collapse:collapse;font-size:0.9rem}.rv-t td,.rv-t th{border:1px solid #d0d7de;"
    "padding:4px 8px;text-align:left;vertical-align:top}.rv-pass{color:#1a7f37}.rv-fail{color:#cf222e}"
    ".rv-changed{background:#fff8c5}</style>"
)


def _e(value: object) -> str:
    return html.escape(str(value))


def _verdict(passed: bool | None) -> str:
    return "—" if passed is None else ("✔ pass" if passed else "✘ fail")


def reviewer_sidebar() -> str:
    """The reviewer name field in the sidebar; its value lives in the session, not in the widget."""
    with st.sidebar:
        value = st.text_input(
            "Reviewer name",
            value=st.session_state.get(REVIEWER, ""),
            key="review_reviewer_input",
            help="Stored with each of your reviews. Kept for this browser session.",
        )
    st.session_state[REVIEWER] = value.strip()
    return value.strip()


def _pick_run(store: Store) -> str | None:
    runs = [r for r in store.list_runs(limit=200) if r["iterations"]]
    wanted = st.query_params.get("run")
    options = [r["id"] for r in runs]
    labels = {
        r["id"]: f"{r['id'][:8]} · {STATUS_LABELS.get(r['status'], r['status'])} · {' '.join(r['task'].split())[:70]}"
        for r in runs
    }
    if wanted and valid_run_id(wanted) and wanted not in options:
        row = store.get_run(wanted)
        if row is not None:
            options.insert(0, wanted)
            labels[wanted] = (
                f"{wanted[:8]} · {STATUS_LABELS.get(row['status'], row['status'])} · {' '.join(row['task'].split())[:70]}"
            )
    if not options:
        st.info("No graded run yet. Start one on the Run page, then review it here.")
        return None
    if st.session_state.get("review_run") not in options:
        st.session_state["review_run"] = wanted if wanted in options else options[0]
    run_id = st.selectbox("Run", options, key="review_run", format_func=lambda rid: labels.get(rid, rid))
    if run_id and st.query_params.get("run") != run_id:
        st.query_params["run"] = run_id
    return run_id


def _suite_of(store: Store, run_id: str) -> tuple[str, list[str]] | None:
    """The suite run this run is an item of, with all its item runs; None for a run outside any suite."""
    from sqlalchemy import text

    from rubric_core.suites import suite_run_ids

    with store.engine.connect() as conn:
        row = conn.execute(
            text("SELECT suite_run_id FROM suite_items WHERE run_id = :r LIMIT 1"), {"r": run_id}
        ).first()
    if row is None:
        return None
    return str(row[0]), suite_run_ids(store, str(row[0]))


# ---- the queue --------------------------------------------------------------------------------------


def _cell_key(cell: dict[str, Any]) -> str:
    return f"{cell['run_id']}:{cell['turn']}:{cell['iteration']}:{cell['position']}"


def _queue_state(store: Store, scope: str, run_ids: list[str]) -> dict[str, Any]:
    from rubric_core.judge.reviews import unreviewed_cells

    key = f"review_queue_{scope}"
    if key not in st.session_state:
        st.session_state[key] = {"cells": [_cell_key(c) for c in unreviewed_cells(store, run_ids)], "pos": 0}
    return st.session_state[key]


def _move(scope: str, step: int) -> None:
    q = st.session_state[f"review_queue_{scope}"]
    q["pos"] = max(0, min(len(q["cells"]), q["pos"] + step))
    st.session_state.pop(ERROR, None)


def _rebuild(scope: str) -> None:
    st.session_state.pop(f"review_queue_{scope}", None)
    st.session_state.pop(ERROR, None)


def _review(scope: str, cell: dict[str, Any], verdict: str, reason_key: str) -> None:
    from rubric_core.judge.reviews import ReviewError, record_review

    try:
        record_review(
            store_or_stop(),
            cell["run_id"],
            turn=cell["turn"],
            iteration=cell["iteration"],
            criterion=cell["criterion"],
            verdict=verdict,
            reason=st.session_state.get(reason_key, ""),
            reviewer=st.session_state.get(REVIEWER, ""),
        )
    except ReviewError as exc:
        st.session_state[ERROR] = str(exc)
        return
    _move(scope, 1)


def show_queue(store: Store, run_ids: list[str], reviewer: str, *, scope: str) -> None:
    """One unreviewed cell at a time: draft, criterion, grader verdict and gap; pass, fail, skip, next, back.

    `run_ids` is one run, or the item runs of a suite run; `scope` names the queue in the session.
    """
    from rubric_core.judge.reviews import review_cells

    q = _queue_state(store, scope, run_ids)
    cells = {_cell_key(c): c for c in review_cells(store, run_ids)}
    total, pos = len(q["cells"]), q["pos"]
    st.caption("Shortcuts: P pass · F fail · S skip · N next · B back (not while typing in a field).")
    if not reviewer:
        st.warning("Enter your name under Reviewer name in the sidebar to record verdicts.")
    if st.session_state.get(ERROR):
        st.error(st.session_state[ERROR])
    if total == 0:
        st.success("Every cell of this run has a human verdict.")
        st.button("Rebuild the queue", key="review_rebuild", on_click=_rebuild, args=(scope,))
        return
    if pos >= total:
        done = sum(1 for k in q["cells"] if cells.get(k, {}).get("human_passed") is not None)
        st.success(f"End of the queue: {done} of {total} cells reviewed.")
        c1, c2 = st.columns(2)
        c1.button("Back", key="review_back", shortcut="B", on_click=_move, args=(scope, -1))
        c2.button("Rebuild the queue (unreviewed cells)", key="review_rebuild", on_click=_rebuild, args=(scope,))
        return
    cell = cells.get(q["cells"][pos])
    if cell is None:  # the run changed under us (deleted iteration): start over
        _rebuild(scope)
        st.rerun()
        return
    st.progress(pos / total)
    st.markdown(
        f"**Cell {pos + 1} of {total}** · "
        + (f"run {cell['run_id'][:8]} · " if len(run_ids) > 1 else "")
        + f"turn {cell['turn'] + 1} · iteration {cell['iteration'] + 1} · criterion {cell['position'] + 1}",
    )
    left, right = st.columns([3, 2])
    with left:
        st.markdown("**Draft**")
        st.code(cell["draft"] or "(empty draft)", language="text", wrap_lines=True)
        for path, content in cell["files"].items():
            with st.expander(f"File {path}"):
                st.code(content, language="text", wrap_lines=True)
        with st.expander("Task"):
            st.text(cell["task"])
    with right:
        st.markdown("**Criterion**")
        st.text(cell["criterion"])
        st.markdown(f"**Grader:** {_verdict(cell['passed'])}")
        if cell["gap"]:
            st.markdown("**Gap**")
            st.text(cell["gap"])
        if cell["human_passed"] is not None:
            st.info(
                f"Reviewed: {_verdict(cell['human_passed'])} by {md(cell['reviewer'])}"
                + (f": {md(cell['human_reason'])}" if cell["human_reason"] else "")
            )
        reason_key = f"review_reason_{_cell_key(cell)}"
        st.text_input("Reason (optional)", key=reason_key, placeholder="why you agree or disagree")
        a, b, c = st.columns(3)
        a.button(
            "Pass",
            key="review_pass",
            shortcut="P",
            disabled=not reviewer,
            type="primary",
            on_click=_review,
            args=(scope, cell, "pass", reason_key),
        )
        b.button(
            "Fail",
            key="review_fail",
            shortcut="F",
            disabled=not reviewer,
            type="primary",
            on_click=_review,
            args=(scope, cell, "fail", reason_key),
        )
        c.button("Skip", key="review_skip", shortcut="S", on_click=_move, args=(scope, 1))
        d, e = st.columns(2)
        d.button("Back", key="review_back", shortcut="B", disabled=pos == 0, on_click=_move, args=(scope, -1))
        e.button("Next", key="review_next", shortcut="N", on_click=_move, args=(scope, 1))


# ---- agreement --------------------------------------------------------------------------------------


def _scope(store: Store, run_id: str) -> tuple[list[str], str]:
    from rubric_core.store import judge as judge_store

    run = store.get_run(run_id) or {}
    options = {"This run": ([run_id], "this run")}
    if run.get("rubric_name"):
        ids = judge_store.run_ids_with_rubric_name(store, run["rubric_name"])
        options[f"Every run of rubric {run['rubric_name']}"] = (ids, f"{len(ids)} runs of the rubric")
    if run.get("grader"):
        ids = judge_store.run_ids_with_grader(store, run["grader"])
        options[f"Every run graded by {run['grader']}"] = (ids, f"{len(ids)} runs of the grader")
    suite = _suite_of(store, run_id)
    if suite is not None:
        suite_id, ids = suite
        options[f"Its suite run {suite_id[:8]}"] = (ids, f"the {len(ids)} items of suite run {suite_id[:8]}")
    choice = st.radio("Scope", list(options), horizontal=True, key="review_scope") or "This run"
    return options.get(choice, options["This run"])


def show_agreement(store: Store, run_id: str) -> None:
    """Per criterion and overall: reviewed cells, agreement rate, Cohen's kappa, confusion matrix, disagreements."""
    import pandas as pd

    from rubric_core.judge.agreement import agreement

    ids, what = _scope(store, run_id)
    report = agreement(store, ids)
    if not report.overall.reviewed:
        st.caption(f"No reviewed cell in {what} yet: review some in the queue.")
        return
    o = report.overall
    st.markdown(
        f"**Overall ({md(what)}):** {o.reviewed} reviewed · agreement {o.rate:.0%} · kappa "
        f"{'n/a' if o.kappa is None else f'{o.kappa:.2f}'}"
    )
    rows = "".join(
        f"<tr><td>{_e(a.criterion)}</td><td>{a.reviewed}</td><td>{a.rate:.0%}</td>"
        f"<td>{'n/a' if a.kappa is None else f'{a.kappa:.2f}'}</td><td>{'⚠ low' if a.low else ''}</td>"
        f"<td>{a.confusion[0][0]} / {a.confusion[0][1]} / {a.confusion[1][0]} / {a.confusion[1][1]}</td></tr>"
        for a in report.criteria
    )
    st.markdown(
        "<table class='rv-t' id='rv-agreement'><tr><th>criterion</th><th>reviewed</th><th>agreement</th><th>kappa</th>"
        f"<th></th><th>human pass: grader pass / fail · human fail: grader pass / fail</th></tr>{rows}</table>",
        unsafe_allow_html=True,
    )
    names = ["(overall)"] + [a.criterion for a in report.criteria]
    pick = st.selectbox("Confusion matrix of", names, key="review_confusion") or "(overall)"
    chosen = o if pick == "(overall)" else next(a for a in report.criteria if a.criterion == pick)
    st.dataframe(
        pd.DataFrame(chosen.confusion, index=["human pass", "human fail"], columns=["grader pass", "grader fail"]),
        key="review_confusion_table",
    )
    st.markdown(f"**Disagreements ({len(report.disagreements)})**")
    for d in report.disagreements[:200]:
        link = f"[run {d['run_id'][:8]}](run?run={d['run_id']})" if valid_run_id(d["run_id"]) else ""
        st.markdown(
            f"- {link} iteration {d['iteration'] + 1} · {md(d['criterion'])}: grader {_verdict(d['passed'])}, "
            f"{md(d['reviewer'])} {_verdict(d['human_passed'])}"
            + (f": {md(d['human_reason'])}" if d["human_reason"] else "")
        )


# ---- consistency --------------------------------------------------------------------------------------


def _graded(store: Store, run_id: str) -> list[tuple[int, int]]:
    return [(i["turn"], i["iteration"]) for i in store.iterations([run_id]) if i["result"] is not None]


def show_consistency(store: Store, run_id: str) -> None:
    """Regrade one stored draft N times with the run's grader and rubric; per criterion flips."""
    from rubric_core.judge.consistency import DEFAULT_REPEATS, consistency, flip_counts
    from rubric_core.judge.flags import FLAKY_HINT
    from rubric_core.store import judge as judge_store

    graded = _graded(store, run_id)
    if not graded:
        st.caption("This run has no graded draft.")
        return
    c1, c2, c3 = st.columns([2, 1, 1], vertical_alignment="bottom")
    pick = c1.selectbox(
        "Draft",
        graded,
        index=len(graded) - 1,
        format_func=lambda ti: f"turn {ti[0] + 1} · iteration {ti[1] + 1}",
        key=f"review_cons_draft_{run_id}",
    )
    repeats = int(c2.number_input("Times", 1, 20, DEFAULT_REPEATS, key="review_cons_repeats"))
    if c3.button(f"Regrade {repeats} times", key="review_cons_go"):
        from rubric_core.judge.regrade import RegradeError

        with st.spinner("Grading the same draft again…"):
            try:
                consistency(store, run_id, turn=pick[0], iteration=pick[1], repeats=repeats, keys=run_keys())
            except RegradeError as exc:
                st.error(str(exc))
    head = next((h for h in judge_store.list_regrades(store, run_id) if h["kind"] == "consistency"), None)
    full = judge_store.get_regrade(store, head["id"]) if head else None
    if full is None:
        st.caption("No consistency check of this run yet.")
        return
    first = full["passes"][0] if full["passes"] else {"turn": 0, "iteration": 0}
    st.markdown(
        f"**Latest check:** turn {first['turn'] + 1} · iteration {first['iteration'] + 1}, graded "
        f"{full['repeats']} times by {md(full['grader'])}: "
        + ", ".join(md(STATUS_LABELS.get(p["result"], p["result"])) for p in full["passes"])
    )
    entries = flip_counts([p["criteria"] for p in full["passes"]])
    rows = "".join(
        f"<tr><td>{_e(c.criterion)}</td><td>{c.passes}</td><td>{c.fails}</td>"
        f"<td class='{'rv-fail' if c.flaky else 'rv-pass'}'>{_e(c.label)}</td></tr>"
        for c in entries
    )
    st.markdown(
        "<table class='rv-t' id='rv-consistency'><tr><th>criterion</th><th>pass</th><th>fail</th><th>verdict</th></tr>"
        f"{rows}</table>",
        unsafe_allow_html=True,
    )
    if any(c.flaky for c in entries):
        st.warning(f"Flaky criteria: {FLAKY_HINT}.", icon=":material/shuffle:")


# ---- what-if -------------------------------------------------------------------------------------------


def _side_by_side(row: Any, original_grader: str, new_grader: str) -> str:
    names = list(dict.fromkeys([*row.original, *row.new]))
    body = "".join(
        f"<tr class='{'rv-changed' if n in row.changed else ''}'><td>{_e(n)}</td>"
        f"<td>{_verdict(row.original.get(n))}</td><td>{_verdict(row.new.get(n))}</td>"
        f"<td>{'changed' if n in row.changed else ('new' if n not in row.original else ('dropped' if n not in row.new else ''))}</td>"
        f"<td>{_e(row.new_gaps.get(n, ''))}</td></tr>"
        for n in names
    )
    return (
        f"<table class='rv-t rv-whatif'><tr><th>criterion</th><th>original ({_e(original_grader)})</th>"
        f"<th>what-if ({_e(new_grader)})</th><th></th><th>new gap</th></tr>{body}</table>"
    )


def show_what_if(store: Store, run_id: str) -> None:
    """Edit the rubric and/or grader, regrade every stored draft, compare with the original side by side."""
    from rubric_core.judge.regrade import RegradeError
    from rubric_core.judge.whatif import stored_what_if, what_if

    run = store.get_run(run_id)
    if run is None:
        return
    st.info(FEEDBACK_NOTE, icon=":material/info:")
    rubric_key, grader_key = f"review_wi_rubric_{run_id}", f"review_wi_grader_{run_id}"
    st.session_state.setdefault(rubric_key, run["rubric"])
    st.session_state.setdefault(grader_key, run["grader"])
    st.text_area("Rubric to regrade with", key=rubric_key, height=140)
    st.text_input("Grader model", key=grader_key, help="provider:model-id; the run's own grader by default")
    if st.button("Regrade every draft", key="review_wi_go", type="primary"):
        with st.spinner("Regrading the stored drafts (the working model is not called)…"):
            try:
                what_if(
                    store,
                    run_id,
                    rubric=st.session_state[rubric_key],
                    grader=st.session_state[grader_key].strip() or None,
                    keys=run_keys(),
                )
            except RegradeError as exc:
                st.error(str(exc))
    report = stored_what_if(store, run_id)
    if report is None:
        st.caption("No what-if regrade of this run yet.")
        return
    st.markdown("**Where the loop stops**")
    st.text(report.summary())
    if report.changed_criteria:
        st.markdown("**Criteria whose verdict changed:** " + "; ".join(md(n) for n in report.changed_criteria))
    if report.added or report.removed:
        st.caption(
            f"Added: {'; '.join(md(n) for n in report.added) or '—'} · removed: "
            f"{'; '.join(md(n) for n in report.removed) or '—'}"
        )
    for row in report.iterations:
        stop = report.stops.get(row.turn) == row.iteration
        was = report.original_stops.get(row.turn) == row.iteration
        marks = (" · the what-if loop stops here" if stop else "") + (
            " · the original loop stopped here" if was else ""
        )
        st.markdown(
            f"**Turn {row.turn + 1} · iteration {row.iteration + 1}:** original {md(STATUS_LABELS.get(row.original_result, row.original_result))} → "
            f"what-if {md(STATUS_LABELS.get(row.new_result, row.new_result))}{marks}"
        )
        st.markdown(_side_by_side(row, run["grader"], report.grader), unsafe_allow_html=True)


def show_suite_what_if(store: Store, suite_run_id: str, run_ids: list[str]) -> None:
    """Regrade every item of a suite run under an edited rubric and/or grader: per-criterion pass-rate deltas."""
    import pandas as pd

    from rubric_core.judge.regrade import RegradeError
    from rubric_core.judge.whatif import pass_rate_deltas, what_if_runs

    st.divider()
    st.markdown(f"**Every item of suite run {md(suite_run_id[:8])}** ({len(run_ids)} runs)")
    first = store.get_run(run_ids[0]) if run_ids else None
    if first is None:
        return
    rubric_key, grader_key = f"review_swi_rubric_{suite_run_id}", f"review_swi_grader_{suite_run_id}"
    st.session_state.setdefault(rubric_key, first["rubric"])
    st.session_state.setdefault(grader_key, first["grader"])
    st.text_area("Rubric to regrade the suite with", key=rubric_key, height=140)
    st.text_input("Grader model for the suite", key=grader_key)
    if not st.button("Regrade every item's drafts", key="review_swi_go"):
        return
    with st.spinner(f"Regrading the stored drafts of {len(run_ids)} runs (the working model is not called)…"):
        try:
            reports = what_if_runs(
                store,
                run_ids,
                rubric=st.session_state[rubric_key],
                grader=st.session_state[grader_key].strip() or None,
                keys=run_keys(),
            )
        except RegradeError as exc:
            st.error(str(exc))
            return
    stopped = sum(1 for r in reports if r.stops.get(0) is not None)
    st.markdown(f"The edited loop would be satisfied by a stored draft of **{stopped} of {len(reports)}** items.")
    rows = [
        {
            "criterion": d.criterion,
            "was": d.original_criterion or "",
            "original pass rate": d.original,
            "what-if pass rate": d.new,
            "delta": d.delta,
        }
        for d in pass_rate_deltas(reports)
    ]
    st.dataframe(pd.DataFrame(rows), hide_index=True, key=f"review_swi_table_{suite_run_id}")


# ---- the page --------------------------------------------------------------------------------------------


def render() -> None:
    """The Review page."""
    st.title("Review")
    st.markdown(TABLE_CSS, unsafe_allow_html=True)
    reviewer = reviewer_sidebar()
    store = store_or_stop()
    run_id = _pick_run(store)
    if run_id is None:
        return
    queue, agree, cons, whatif = st.tabs(["Review queue", "Agreement", "Consistency", "What-if regrade"])
    suite = _suite_of(store, run_id)
    with queue:
        ids, scope = [run_id], f"run_{run_id}"
        if suite is not None:
            whole = f"Every item of its suite run {suite[0][:8]} ({len(suite[1])} runs)"
            if st.radio("Queue of", ["This run", whole], horizontal=True, key="review_queue_scope") == whole:
                ids, scope = suite[1], f"suite_{suite[0]}"
        show_queue(store, ids, reviewer, scope=scope)
    with agree:
        show_agreement(store, run_id)
    with cons:
        show_consistency(store, run_id)
    with whatif:
        show_what_if(store, run_id)
        if suite is not None:
            show_suite_what_if(store, suite[0], suite[1])
