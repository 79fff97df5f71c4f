"""Suite run views: the items x criteria grid, per-criterion pass rates, iterations, cost, and the comparison.

The grid is plain HTML: every item id, task, criterion name and gap is escaped,
and each cell links to that item's run on the Run page (`./?run=<id>`).
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

import pandas as pd
import streamlit as st

from rubric_core.store import Store
from rubric_core.suites.frames import SuiteFrames, criterion_rates, suite_frames, summarize, unfinished_items
from rubric_core.suites.left_out import left_out_parts
from rubric_core.suites.pricing import price_table, set_prices
from rubric_core.views.diff import DIFF_CSS, inline_html, word_diff
from rubric_core.views.run_view import STATUS_COLORS, STATUS_LABELS
from rubric_core.words import counted
from rubric_ui.safe import md
from rubric_ui.session.access import act, allowed

if TYPE_CHECKING:
    import altair as alt

GRID_CSS = """<style>
.rs-grid{border-collapse:collapse;font-size:0.8rem}
.rs-grid th,.rs-grid td{border:1px solid #d0d7de;padding:2px 6px;text-align:center}
.rs-grid th.rs-crit{min-width:4.5rem;max-width:13rem;white-space:normal;overflow-wrap:anywhere;vertical-align:bottom;
  font-weight:600;line-height:1.2}
.rs-grid td.rs-item{text-align:left;white-space:nowrap}
.rs-grid a.rs-cell{display:block;text-decoration:none;color:#fff;font-weight:700}
.rs-grid td.rs-pass{background:#4ac26b}.rs-grid td.rs-fail{background:#ff8182}.rs-grid td.rs-none{background:#eaeef2}
.rs-grid td.rs-na{background:repeating-linear-gradient(135deg,#d8dee4 0 6px,#eaeef2 6px 12px)}
.rs-grid td.rs-na a.rs-cell{color:#424a53;font-weight:500}
.rs-grid-legend{font-size:0.8rem;color:#57606a;margin:0.2rem 0}
.rs-grid-legend i{display:inline-block;width:0.8rem;height:0.8rem;border-radius:2px;vertical-align:-1px;margin-right:3px}
</style>"""
RUN_LINK = "./?run={run_id}"
"""The Run page opens a stored run from its URL (relative: works under any base path)."""


def _e(value: object) -> str:
    return html.escape(str(value), quote=True)


def grid_html(frames: SuiteFrames, *, sort_by_failures: bool = False) -> str:
    """Items as rows (dataset order, or most failures first), criteria as columns in rubric order."""
    cells: dict[tuple[int, str], dict[str, Any]] = {}
    for row in frames.cells.to_dict("records"):
        cells[(int(row["position"]), str(row["criterion"]))] = row
    items = frames.items.to_dict("records")
    if sort_by_failures:
        fails = {
            int(i["position"]): sum(
                1
                for c in frames.criteria
                if (int(i["position"]), c) in cells and cells[(int(i["position"]), c)]["final_verdict"] == "fail"
            )
            for i in items
        }
        items.sort(key=lambda i: (-fails[int(i["position"])], int(i["position"])))
    head = "".join(f'<th class="rs-crit" title="{_e(c)}">{_e(c)}</th>' for c in frames.criteria)
    body = []
    for item in items:
        pos = int(item["position"])
        status = str(item["status"])
        color = STATUS_COLORS.get(status, "#57606a")
        run_id = item["run_id"] if isinstance(item["run_id"], str) else ""
        label = f'<span title="{_e(item["task"])}">{_e(item["item_id"])}</span>'
        chip = (
            f'<span style="color:{color};font-weight:600" data-status="{_e(status)}"> · '
            f"{_e(STATUS_LABELS.get(status, status))}</span>"
        )
        tds = [f'<td class="rs-item">{label}{chip}</td>']
        for name in frames.criteria:
            cell = cells.get((pos, name))
            if cell is None:
                tds.append('<td class="rs-none">…</td>')
                continue
            verdict = str(cell["final_verdict"])
            gap = str(cell["final_gap"] or "")
            check = str(cell["final_check"] or "")
            said = "n/a (the grader could not judge it)" if verdict == "n/a" else verdict
            tip = f"{name}: {said}" + (f"\nCheck: {check}" if check else "") + (f"\nGap: {gap}" if gap else "")
            href = RUN_LINK.format(run_id=_e(run_id))
            cls = {"pass": "rs-pass", "fail": "rs-fail"}.get(verdict, "rs-na")
            mark = {"pass": "✔", "fail": "✘"}.get(verdict, "n/a")
            tds.append(
                f'<td class="{cls}"><a class="rs-cell" href="{href}" target="_self" data-verdict="{_e(verdict)}" '
                f'data-item="{_e(item["item_id"])}" data-run="{_e(run_id)}" title="{_e(tip)}">{mark}</a></td>'
            )
        body.append(f'<tr data-item="{_e(item["item_id"])}">{"".join(tds)}</tr>')
    legend = (
        '<div class="rs-grid-legend"><i style="background:#4ac26b"></i>✔ pass · <i style="background:#ff8182"></i>'
        '✘ fail · <i style="background:repeating-linear-gradient(135deg,#d8dee4 0 3px,#eaeef2 3px 6px)"></i>n/a: '
        "the grader could not judge it · hover a cell for the check behind it and the gap</div>"
    )
    return f'{GRID_CSS}{legend}<table class="rs-grid"><tr><th>item</th>{head}</tr>{"".join(body)}</table>'


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{x:.0%}"


def rates_frame(frames: SuiteFrames) -> pd.DataFrame:
    """Per criterion: pass rate at the first draft and at the end with Wilson 95% intervals, and blocking count."""
    rows = []
    for r in criterion_rates(frames):
        rows.append(
            {
                "criterion": r.criterion,
                "first draft": _pct(r.first.rate),
                "first 95% CI": f"{r.first.low:.0%}–{r.first.high:.0%}",
                "end": _pct(r.final.rate),
                "end 95% CI": f"{r.final.low:.0%}–{r.final.high:.0%}",
                "fixed by the loop": _pct(
                    None if r.final.rate is None or r.first.rate is None else r.final.rate - r.first.rate
                ),
                "judged items": r.final.total,
                "n/a (left out)": r.final_na,
                "blocks satisfied (items)": r.blocking,
            }
        )
    return pd.DataFrame(rows)


def _prices(store: Store, key: str) -> None:
    table = price_table(store)
    frame = pd.DataFrame(
        [
            {
                "model": p.model,
                "input_per_mtok": p.input_per_mtok,
                "output_per_mtok": p.output_per_mtok,
                "as_of": p.as_of,
                "source": p.source,
            }
            for p in table.values()
        ]
    )
    if not allowed("prices"):  # reading only
        st.caption("USD per million tokens. Bundled defaults are list prices on their date.")
        st.dataframe(frame, hide_index=True, key=f"{key}_prices_read")
        return
    st.caption("USD per million tokens. Bundled defaults are list prices on their date; edit them to your own.")
    edited = st.data_editor(
        frame, num_rows="dynamic", key=f"{key}_prices", disabled=["source"], hide_index=True, width="stretch"
    )
    if st.button("Save prices", key=f"{key}_save_prices"):
        rows = [r for r in edited.to_dict("records") if r.get("model")]
        try:
            n = act("prices", lambda: set_prices(store, rows), detail=lambda n: f"{counted(n, 'price')}")
        except ValueError as exc:
            st.error(str(exc))
        else:
            if n is not None:
                st.success(f"Saved {counted(n, 'price')}.")


def _iterations_chart(dist: pd.DataFrame) -> alt.Chart:
    """Bars of items by the iteration they were satisfied at: one bar per iteration, its number written upright
    (st.bar_chart turned single-digit labels on their side), whole numbers of items on the other axis."""
    import altair as alt  # only where a suite has satisfied items: not on every import of this module

    return (
        alt.Chart(dist)
        .mark_bar()
        .encode(
            x=alt.X("iterations:O", title="iteration satisfied at", axis=alt.Axis(labelAngle=0)),
            y=alt.Y("items:Q", title="items", axis=alt.Axis(tickMinStep=1, format="d")),
            tooltip=["iterations", "items"],
        )
        .properties(height=200)
    )


def show_suite_details(store: Store, suite_id: str, *, key: str) -> None:
    """The grid, pass rates, blocking criteria, iterations to satisfied, cap hits, cost and prices."""
    frames = suite_frames(store, suite_id)
    summary = summarize(frames)
    suite = frames.suite
    rubric = f"{suite['rubric_name']} v{suite['rubric_version']}" if suite["rubric_name"] else "a rubric file"
    st.caption(
        f"Dataset {md(suite['dataset_name'])} · rubric {md(rubric)} · model {md(suite['config'].get('model'))} · "
        f"grader {md(suite['config'].get('grader'))} · suite run `{suite_id}`"
    )
    st.markdown("**Items × criteria at the final iteration** (click a cell to open that item's run)")
    sort = st.toggle("Most failures first", key=f"{key}_sort")
    st.html(grid_html(frames, sort_by_failures=sort))
    if not frames.criteria:
        st.caption("The grid fills in as items are graded.")
        return
    st.markdown("**Per criterion: first draft vs end** (Wilson 95% intervals)")
    st.dataframe(rates_frame(frames), hide_index=True, width="stretch", key=f"{key}_rates")
    unfinished = unfinished_items(frames)
    failed = summary.left_out_errors + summary.left_out_grader_errors
    if unfinished or failed:
        why = []
        if failed:
            why.append(f"{counted(failed, 'item')} whose working model or grader failed")
        if unfinished:
            why.append(f"{counted(unfinished, 'item')} cancelled or not finished")
        st.caption(
            f'<span class="rs-left-out" data-count="{unfinished + failed}">{counted(unfinished + failed, "item")} '
            f"left out of these rates and of the blocking counts: {' and '.join(why)}, so with no judged end of "
            "their own (Resume runs them again).</span>",
            unsafe_allow_html=True,
        )
    na = sum(r.final_na for r in criterion_rates(frames))
    if na:
        st.caption(
            f'<span class="rs-left-out-na" data-count="{na}">{counted(na, "n/a verdict")} left out of these rates and '
            "of the blocking counts: the grader could not judge those criteria on those items (neither a pass nor "
            "a fail).</span>",
            unsafe_allow_html=True,
        )
    parts = left_out_parts(summary)
    if parts:
        st.caption(
            f"The satisfied rate ({summary.satisfied.passed}/{summary.satisfied.total} judged items) counts judged "
            f"results only; it leaves out {md(', '.join(parts))}."
        )
    blocking = sorted((r for r in criterion_rates(frames) if r.blocking), key=lambda r: -r.blocking)
    if blocking:
        st.markdown(
            "**Most often blocking satisfied:** "
            + ", ".join(f"{md(r.criterion)} ({counted(r.blocking, 'item')})" for r in blocking[:5])
        )
    c1, c2 = st.columns(2)
    with c1:
        st.markdown("**Iterations to satisfied**")
        if summary.iterations_to_satisfied:
            dist = pd.DataFrame(
                {
                    "iterations": list(summary.iterations_to_satisfied),
                    "items": list(summary.iterations_to_satisfied.values()),
                }
            )
            st.altair_chart(_iterations_chart(dist), width="stretch")
        else:
            st.caption("No item satisfied yet.")
    with c2:
        st.markdown(f"**Hit the iteration cap:** {counted(len(summary.cap_hits), 'item')}")
        if summary.cap_hits:
            st.markdown(", ".join(md(i) for i in summary.cap_hits))
    with st.expander("Cost: tokens per item and prices"):
        items = frames.items[
            ["item_id", "status", "iterations", "input_tokens", "output_tokens", "total_tokens", "cost_usd"]
        ]
        st.dataframe(items, hide_index=True, width="stretch", key=f"{key}_cost")
        _prices(store, key)


def _flip_links(flips: list[Any], side: str) -> str:
    parts = []
    for f in flips:
        run_a = f'<a href="{RUN_LINK.format(run_id=_e(f.run_a))}" target="_self">A</a>' if f.run_a else "A"
        run_b = f'<a href="{RUN_LINK.format(run_id=_e(f.run_b))}" target="_self">B</a>' if f.run_b else "B"
        parts.append(
            f'<li class="rs-flip" data-side="{side}" data-item="{_e(f.item_id)}"><b>{_e(f.item_id)}</b>: '
            f"{_e(STATUS_LABELS.get(f.status_a, f.status_a))} → {_e(STATUS_LABELS.get(f.status_b, f.status_b))} "
            f"({run_a} · {run_b})</li>"
        )
    return "<ul>" + "".join(parts) + "</ul>" if parts else "<p>none</p>"


def show_compare(store: Store, suite_a: str, suite_b: str, *, key: str) -> None:
    """Per-criterion deltas with intervals, McNemar over shared items, flipped items with links, the rubric diff."""
    from rubric_core.suites.compare import compare_suite_runs

    try:
        result = compare_suite_runs(store, suite_a, suite_b)
    except ValueError as exc:
        st.error(str(exc))
        return
    if not result.same_dataset:
        st.warning("The two suite runs used different datasets: only the items whose ids both have are compared.")
    differ = [
        f"{label}: A {md(result.a.suite['config'].get(field))}, B {md(result.b.suite['config'].get(field))}"
        for field, label in (("model", "working model"), ("grader", "grader"))
        if result.a.suite["config"].get(field) != result.b.suite["config"].get(field)
    ]
    if differ:
        st.warning(
            "The two suite runs used different models, so a difference may come from the model, not the rubric: "
            + "; ".join(differ)
            + ".",
            icon=":material/compare_arrows:",
        )
    if result.agents_differ:
        st.warning(
            f"The two suite runs were done by different agents: A by {md(result.agent_a)}, B by "
            f"{md(result.agent_b)}. A difference may come from the agent, not the rubric.",
            icon=":material/compare_arrows:",
        )
    sa, sb, p = result.satisfied_a, result.satisfied_b, result.satisfied_paired
    st.markdown(
        f'<span class="rs-compare" data-fixed="{len(result.fixed)}" data-broken="{len(result.broken)}"></span>'
        f"<b>Satisfied</b> over {result.shared_items} shared items: A {_pct(sa.rate)} ({sa.low:.0%}–{sa.high:.0%}) → "
        f"B {_pct(sb.rate)} ({sb.low:.0%}–{sb.high:.0%}) · McNemar exact p = {p.p_value:.3g} "
        f"({p.only_b} fixed, {p.only_a} broken)",
        unsafe_allow_html=True,
    )
    rows = []
    for c in result.criteria:
        rows.append(
            {
                "criterion in A": c.name_a or "(not in A)",
                "criterion in B": c.name_b or "(not in B)",
                "A end": _pct(c.a.rate if c.a else None),
                "A 95% CI": f"{c.a.low:.0%}–{c.a.high:.0%}" if c.a else "–",
                "B end": _pct(c.b.rate if c.b else None),
                "B 95% CI": f"{c.b.low:.0%}–{c.b.high:.0%}" if c.b else "–",
                "delta": "–" if c.delta is None else f"{c.delta:+.0%}",
                "delta 95% CI": "–"
                if c.delta_interval is None
                else f"{c.delta_interval[0]:+.0%} to {c.delta_interval[1]:+.0%}",
                "McNemar p": "–" if c.paired is None else f"{c.paired.p_value:.3g}",
                "n/a left out (A / B)": f"{c.na_a} / {c.na_b}",
            }
        )
    st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch", key=f"{key}_criteria")
    st.caption("Rates and McNemar are over the items judged on each criterion; n/a verdicts are left out.")
    c1, c2 = st.columns(2)
    with c1:
        st.markdown(f"**Fixed** (not satisfied in A, satisfied in B): {len(result.fixed)}")
        st.html(_flip_links(result.fixed, "fixed"))
    with c2:
        st.markdown(f"**Broken** (satisfied in A, not in B): {len(result.broken)}")
        st.html(_flip_links(result.broken, "broken"))
    st.markdown("**Rubric diff** (A → B)")
    ops = word_diff(result.a.suite["rubric"], result.b.suite["rubric"])
    st.html(DIFF_CSS + f'<div class="rs-rubric-diff">{inline_html(ops)}</div>')
