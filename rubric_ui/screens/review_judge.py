"""Judging the judge on the Review page: grader-human agreement, consistency, and what-if regrades (a run, a suite)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import streamlit as st

from rubric_core.verdicts import check_text
from rubric_core.views.run_view import STATUS_LABELS
from rubric_ui.safe import md
from rubric_ui.screens.review_common import esc, review_scope, verdict_label
from rubric_ui.session.access import act, allowed
from rubric_ui.session.keys import run_keys
from rubric_ui.widgets.cell_links import cell_link

if TYPE_CHECKING:
    from rubric_core.store import Store

FEEDBACK_NOTE = (
    "Drafts after the first were written in reply to the ORIGINAL grader's feedback: this shows what the new "
    "rubric or grader would have said about those same drafts, not what the agent would have written."
)


def show_agreement(store: Store, run_id: str) -> None:
    """Per criterion and overall: reviewed cells, agreement rate, Cohen's kappa, confusion matrix, disagreements."""
    import pandas as pd

    from rubric_core.judge.agreement import FLAG_RULE, agreement

    ids, what = review_scope(store, run_id)
    report = agreement(store, ids)
    if not report.overall.reviewed and not report.not_judged:
        st.caption(f"No reviewed cell in {what} yet: review some in the queue.")
        return
    o = report.overall
    left_out = f" · {o.not_judged} reviewed cells left out: the grader said n/a" if o.not_judged else ""
    if o.reviewed:
        st.markdown(
            f"**Overall ({md(what)}):** {o.reviewed} reviewed cells the grader judged · agreement {o.rate:.0%} · "
            f"kappa {'undefined' if o.kappa is None else f'{o.kappa:.2f} ({o.band})'} · "
            f"{o.false_acceptances} false acceptances{left_out}"
        )
    else:
        st.markdown(f"**Overall ({md(what)}):** no reviewed cell the grader judged{left_out}")

    def kappa(a: Any) -> str:
        return "undefined" if a.kappa is None else f"{a.kappa:.2f}"

    def rate(a: Any) -> str:
        return "–" if a.rate is None else f"{a.rate:.0%}"

    rows = "".join(
        f"<tr data-criterion='{esc(a.criterion)}' data-flagged='{str(a.low).lower()}'><td>{esc(a.criterion)}</td>"
        f"<td>{a.reviewed}</td><td>{rate(a)}</td><td>{kappa(a)}</td>"
        f"<td class='{'rv-fail' if a.false_acceptances else ''}'>{a.false_acceptances}</td>"
        f"<td>{a.false_rejections}</td><td>{a.not_judged}</td><td>{'⚠ flagged' if a.low else '—'}</td></tr>"
        for a in sorted(report.criteria, key=lambda a: (not a.low, -a.false_acceptances, a.criterion))
    )
    st.markdown(
        "<table class='rv-t' id='rv-agreement'><tr><th>criterion</th><th>n (judged, reviewed)</th><th>agreement</th>"
        "<th>kappa</th><th title='the grader passed it, the person failed it'>false acceptances (grader ✔, person ✘)"
        "</th><th>false rejections (grader ✘, person ✔)</th><th>n/a left out</th><th>flag</th></tr>"
        f"{rows}</table>",
        unsafe_allow_html=True,
    )
    st.caption(
        f"{FLAG_RULE} What a kappa is good for: below 0.4 exploration only, 0.4 to 0.7 watching trends, about "
        "0.7 and up before a judge gates a release."
    )
    names = ["(overall)"] + [a.criterion for a in report.criteria]
    pick = st.selectbox("Confusion matrix of", names, key="review_confusion") or "(overall)"
    chosen = o if pick == "(overall)" else next(a for a in report.criteria if a.criterion == pick)
    st.dataframe(
        pd.DataFrame(chosen.confusion, index=["human pass", "human fail"], columns=["grader pass", "grader fail"]),
        key="review_confusion_table",
    )
    accepted = sum(1 for d in report.disagreements if d["passed"])
    st.markdown(
        f"**Disagreements ({len(report.disagreements)})**: false acceptances first ({accepted}), then false "
        f"rejections ({len(report.disagreements) - accepted})"
    )
    for d in report.disagreements[:200]:
        # The cell itself: its run at that iteration, the criterion chosen ("run?run=" was "Page not found").
        link = cell_link(d["run_id"], d["turn"], d["iteration"], d["position"], f"run {d['run_id'][:8]}")
        st.markdown(
            f"- {link} iteration {d['iteration'] + 1} · {md(d['criterion'])}: grader {verdict_label(d['passed'])}, "
            f"{md(d['reviewer'])} {verdict_label(d['human_passed'])}"
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
    if allowed("consistency") and c3.button(f"Regrade {repeats} times", key="review_cons_go"):
        from rubric_core.judge.regrade import RegradeError

        with st.spinner("Grading the same draft again…"):
            try:
                act(
                    "consistency",
                    lambda: consistency(
                        store, run_id, turn=pick[0], iteration=pick[1], repeats=repeats, keys=run_keys()
                    ),
                    run_id=run_id,
                    detail=f"turn {pick[0] + 1}, iteration {pick[1] + 1}, {repeats} times",
                )
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
    failed = [p for p in full["passes"] if p["result"] == "grader_error"]
    if failed:
        from rubric_core.judge.whatif import failure_cause

        st.error(
            f"The grader failed on {len(failed)} of {len(full['passes'])} gradings: "
            f"{md(failure_cause(str(failed[0].get('explanation', ''))))}. A failed grading says nothing about the "
            "draft, so the counts below leave it out. Fix the grader (or its provider) and check again.",
            icon=":material/error:",
        )
    entries = flip_counts([p["criteria"] for p in full["passes"] if p["result"] != "grader_error"])
    rows = "".join(
        f"<tr><td>{esc(c.criterion)}</td><td>{c.passes}</td><td>{c.fails}</td>"
        f"<td class='{'rv-fail' if c.flaky else 'rv-pass'}'>{esc(c.label)}</td></tr>"
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
    """One row per criterion: a reworded one (renamed) on one row with its old name, as the Compare pages do."""
    renamed_from = set(row.renamed.values())
    names = list(dict.fromkeys([*row.new, *(n for n in row.original if n not in renamed_from)]))

    def said(verdicts: dict[str, bool | None], n: str) -> str:
        if n in verdicts and verdicts[n] is None:
            return "n/a"
        return verdict_label(verdicts.get(n))

    def label(n: str) -> str:
        old = row.renamed.get(n)
        return esc(n) + (f"<div class='rv-check'>was “{esc(old)}”</div>" if old else "")

    def change(n: str) -> str:
        words = ["renamed"] if n in row.renamed else []
        if n in row.changed:
            words.append("changed")
        elif n not in row.new:
            words.append("dropped")
        elif row.renamed.get(n, n) not in row.original:
            words.append("new")
        return ", ".join(words)

    body = "".join(
        f"<tr class='{'rv-changed' if n in row.changed else ''}'><td>{label(n)}</td>"
        f"<td>{said(row.original, row.renamed.get(n, n))}</td><td>{said(row.new, n)}"
        f"<div class='rv-check'>{esc(check_text(row.new_checks[n])) if n in row.new_checks else ''}</div></td>"
        f"<td>{change(n)}</td>"
        f"<td>{esc(row.new_gaps.get(n, ''))}</td></tr>"
        for n in names
    )
    return (
        f"<table class='rv-t rv-whatif'><tr><th>criterion</th><th>original ({esc(original_grader)})</th>"
        f"<th>what-if ({esc(new_grader)})</th><th>change</th><th>new gap</th></tr>{body}</table>"
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
    if allowed("what_if"):
        st.text_area("Rubric to regrade with", key=rubric_key, height=140)
        st.text_input("Grader model", key=grader_key, help="provider:model-id; the run's own grader by default")
    if allowed("what_if") and st.button("Regrade every draft", key="review_wi_go", type="primary"):
        grader = st.session_state[grader_key].strip() or None
        with st.spinner("Regrading the stored drafts (the working model is not called)…"):
            try:
                act(
                    "what_if",
                    lambda: what_if(store, run_id, rubric=st.session_state[rubric_key], grader=grader, keys=run_keys()),
                    run_id=run_id,
                    detail=f"graded by {grader or run['grader']}",
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
    if report.renamed:
        st.caption(
            "Reworded, and paired with the original criterion (as Compare pairs them): "
            + "; ".join(f"{md(old)} → {md(new)}" for new, old in report.renamed.items())
        )
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
    if not allowed("what_if"):
        return
    st.text_area("Rubric to regrade the suite with", key=rubric_key, height=140)
    st.text_input("Grader model for the suite", key=grader_key)
    if not st.button("Regrade every item's drafts", key="review_swi_go"):
        return
    grader = st.session_state[grader_key].strip() or None
    with st.spinner(f"Regrading the stored drafts of {len(run_ids)} runs (the working model is not called)…"):
        try:
            reports = act(
                "what_if",
                lambda: what_if_runs(
                    store, run_ids, rubric=st.session_state[rubric_key], grader=grader, keys=run_keys()
                ),
                suite_id=suite_run_id,
                detail=f"{len(run_ids)} item runs graded by {grader or first['grader']}",
            )
        except RegradeError as exc:
            st.error(str(exc))
            return
    if reports is None:
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
