"""Two runs of the Runs page side by side: their heatmaps, the settings and rubric they differ in, each criterion's
final verdict (renamed criteria paired), and the word diff of their final outputs."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from rubric_core.pairing import pair_criteria
from rubric_core.store import Store
from rubric_core.verdicts import check_of, check_text, verdict_of
from rubric_core.views.diff import DIFF_CSS, side_by_side_html, word_diff
from rubric_core.views.fork_view import from_point
from rubric_core.views.run_payload import VERDICT_TEXT
from rubric_core.views.run_view import RunView
from rubric_ui.safe import md
from rubric_ui.widgets.run_element import show_run_heatmap
from rubric_ui.widgets.run_view import load_view
from rubric_ui.widgets.status import chip_html

SETTINGS = {
    "task": "Task",
    "model": "Working model",
    "grader": "Grader model",
    "max_iterations": "Max iterations",
    "grader_tools": "Grader tools",
    "system_prompt": "Working agent system prompt",
    "grader_prompt": "Grader system prompt",
    "strategy": "Grader structured output",
    "grader_call_limit": "Grader calls per pass",
    "timeout_s": "Per-call timeout (s)",
    "rubric_name": "Rubric name",
}


def settings_diff(a: dict, b: dict) -> pd.DataFrame:
    """The settings two runs differ in (the rubric has its own diff)."""
    rows = []
    for key, label in SETTINGS.items():
        va, vb = a.get(key), b.get(key)
        if va != vb:
            rows.append({"setting": label, "A": _setting(va), "B": _setting(vb)})
    return pd.DataFrame(rows, columns=["setting", "A", "B"])


def _setting(value: object) -> str:
    if isinstance(value, list):
        return ", ".join(str(v) for v in value) or "(none)"
    return "(empty)" if value in (None, "") else str(value)


def criteria_pairs(va: RunView, vb: RunView) -> pd.DataFrame:
    """Final verdicts per criterion, renamed criteria paired by position and similarity."""
    final_a = va.all_iterations()[-1].criteria if va.all_iterations() else []
    final_b = vb.all_iterations()[-1].criteria if vb.all_iterations() else []
    by_a = {c["name"]: c for c in final_a}
    by_b = {c["name"]: c for c in final_b}
    first_a, first_b = _first_passes(va), _first_passes(vb)
    rows = []
    for name_a, name_b in pair_criteria(list(by_a), list(by_b)):
        ca, cb = by_a.get(name_a or ""), by_b.get(name_b or "")
        verdict_a = VERDICT_TEXT[verdict_of(ca)] if ca else "—"
        verdict_b = VERDICT_TEXT[verdict_of(cb)] if cb else "—"
        rows.append(
            {
                "criterion in A": name_a or "(not in A)",
                "criterion in B": "(not in B)" if not name_b else "(same)" if name_b == name_a else name_b,
                "A (final)": verdict_a,
                "B (final)": verdict_b,
                "A check": check_text(check_of(ca)) if ca else "—",
                "B check": check_text(check_of(cb)) if cb else "—",
                "A first passed at": _it(first_a.get(name_a or "")),
                "B first passed at": _it(first_b.get(name_b or "")),
                "differs": verdict_a != verdict_b,
            }
        )
    return pd.DataFrame(rows)


def _first_passes(view: RunView) -> dict[str, int]:
    out: dict[str, int] = {}
    turn = view.current
    for it in turn.iterations if turn else []:
        for c in it.criteria:
            if verdict_of(c) == "pass":
                out.setdefault(c["name"], it.iteration)
    return out


def _it(value: object) -> str:
    return "—" if value is None or pd.isna(value) else f"iteration {int(value) + 1}"  # type: ignore[call-overload]


def show_compare(store: Store, first: str, second: str, *, since: tuple[int, int] | None = None) -> None:
    """Compare two runs: the older is A unless the user picks the other; `since` (turn, iteration), 0-based: only
    from there on (a fork and its parent: before it they are the same run)."""
    st.subheader("Compare")
    rows = {rid: store.get_run(rid) for rid in (first, second)}

    def label(rid: str) -> str:
        # Enough to tell the two apart: when each started, and the start of its task.
        row = rows.get(rid)
        if row is None:
            return rid[:12]
        task = " ".join(str(row["config"].get("task", "")).split())
        when = pd.to_datetime(row["created_at"], unit="s", utc=True).strftime("%m-%d %H:%M")
        return f"{rid[:8]} · {when} · {task[:40] + '…' if len(task) > 40 else task}"

    # The older run is A by default (the list gives the newer first), so the diff reads from A to B in time.
    started = {rid: (row["created_at"] if row else 0) for rid, row in rows.items()}
    first, second = sorted((first, second), key=lambda rid: started[rid])
    a = st.radio(
        "Which run is A?",
        [first, second],
        key=f"runs_cmp_a_{min(first, second)}_{max(first, second)}",
        format_func=label,
        horizontal=True,
    )
    b = second if a == first else first
    va, vb = load_view(a), load_view(b)
    if va is None or vb is None:
        st.error("One of the runs is gone.")
        return
    if since is not None:
        st.caption(
            f"From the fork point on: iteration {since[1] + 1}"
            + (f" of turn {since[0] + 1}" if since[0] else "")
            + " and after (before it the fork is its parent's story)."
        )
        va, vb = from_point(va, *since), from_point(vb, *since)
    ca, cb = st.columns(2)
    for col, view, name in ((ca, va, "A"), (cb, vb, "B")):
        with col:
            st.markdown(
                f"**{name}** · <code>{view.run_id[:12]}</code> · {chip_html(view.status)}", unsafe_allow_html=True
            )
            st.caption(
                f"{md(view.models.get('model', ''))} · grader {md(view.models.get('grader', ''))} · "
                f"{md(view.agent_label)} · {view.facts(seconds=False)}"
            )
            show_run_heatmap(view)
    if va.agent_label != vb.agent_label:
        st.warning(
            f"A and B were done by different agents: A by {md(va.agent_label)}, B by {md(vb.agent_label)}. "
            "Differences below may come from the agent, not the rubric or the models.",
            icon=":material/compare_arrows:",
        )
    settings = settings_diff(va.config, vb.config)
    st.markdown("**Settings that differ**")
    if settings.empty:
        st.caption("Same settings (task, models, limits, prompts, tools).")
    else:
        st.dataframe(settings, hide_index=True, key="runs_cmp_settings")
    rubric_a = va.current.rubric if va.current else va.config.get("rubric", "")
    rubric_b = vb.current.rubric if vb.current else vb.config.get("rubric", "")
    st.markdown("**Rubric**")
    if rubric_a == rubric_b:
        st.caption("Same rubric.")
    else:
        st.markdown(
            DIFF_CSS + side_by_side_html(word_diff(rubric_a, rubric_b), left="A", right="B"), unsafe_allow_html=True
        )
    st.markdown("**Per-criterion differences** (renamed criteria paired by position and wording)")
    st.dataframe(criteria_pairs(va, vb), hide_index=True, key="runs_cmp_table")
    st.markdown("**Final outputs**")
    st.markdown(
        DIFF_CSS + side_by_side_html(word_diff(va.final_output, vb.final_output), left="A", right="B"),
        unsafe_allow_html=True,
    )
