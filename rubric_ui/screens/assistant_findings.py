"""The Assistant page's diagnosis: each finding with the cells behind it (each link opens the run at that iteration
and criterion), the edits proposed for it, their proofs on held-out reviews, and Accept.

Every text a model or a person wrote (criteria, reasons, reviewers' notes) is escaped.
"""

from __future__ import annotations

import html
from typing import Any

import streamlit as st

from rubric_core.assistant.accept import accept
from rubric_core.assistant.doctor import Diagnosis
from rubric_core.assistant.proof import AssistantError, prove
from rubric_core.judge.kappa_interval import interval_said
from rubric_core.store import Store
from rubric_core.store import assistant as assistant_store
from rubric_core.views.diff import DIFF_CSS, side_by_side_html, word_diff
from rubric_core.words import counted
from rubric_ui.safe import md, valid_run_id
from rubric_ui.session.access import act, allowed
from rubric_ui.session.keys import run_keys
from rubric_ui.session.resources import store_or_stop
from rubric_ui.widgets.cell_links import cell_link

KIND_LABELS = {
    "disagrees_accepts": "False acceptances",
    "disagrees_rejects": "False rejections",
    "held_out_only": "Reviewers disagree, all held out",
    "flips": "Flips",
    "mostly_na": "Mostly n/a",
    "na_cap_hits": "Cap hits from n/a alone",
    "never_passes": "Never passes",
    "always_passes": "Tells nothing",
    "blocks": "Blocks satisfied",
    "cap_hits": "Drives cap hits",
    "vague": "Vague",
    "compound": "Two checks in one line",
    "overlap": "Overlap",
    "too_long": "Over-long",
}
OUTCOME = {
    "better": ("Better", "#1a7f37"),
    "not_better": ("Not better", "#cf222e"),
    "too_few": ("Too few reviews", "#9a6700"),
}
CELLS_SHOWN = 8
CSS = """<style>
.as-t{border-collapse:collapse;font-size:0.88rem;margin:0.3rem 0}.as-t td,.as-t th{border:1px solid #d0d7de;
padding:3px 8px;text-align:left}.as-badge{display:inline-block;padding:1px 9px;border-radius:999px;color:#fff;
font-weight:600;font-size:0.8rem}.as-finding{margin:0.4rem 0 0.1rem 0}
</style>"""


def _said(title: str, label: str) -> str:
    """A finding's sentence under its heading, without the heading's words again ("Mostly n/a: the grader ...")."""
    for lead in (label, label.split(",")[0]):
        if title.lower().startswith(lead.lower() + ": "):
            rest = title[len(lead) + 2 :]
            return rest[:1].upper() + rest[1:]
    return title


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{x:.0%}"


def _ci(ci: Any) -> str:
    return "" if not ci else f" ({ci[0]:.0%}–{ci[1]:.0%})"


def _kappa(s: dict[str, Any]) -> str:
    if s["kappa"] is None:
        return "undefined"
    said = interval_said(s.get("kappa_ci"), s.get("kappa_ci_method"), int(s["n"]))
    return f"{s['kappa']:.2f}" + (f"<br><span style='color:#57606a'>{html.escape(said)}</span>" if said else "")


def proof_html(proof: dict[str, Any]) -> str:
    """A proof's outcome, why, and its before / after table on the held-out reviews."""
    label, color = OUTCOME.get(proof["outcome"], (proof["outcome"], "#57606a"))
    rows = []
    for title, before, after in (
        ("the criterion", proof["criterion_before"], proof["criterion_after"]),
        ("every criterion", proof["overall_before"], proof["overall_after"]),
    ):
        for side, s in (("before", before), ("after", after)):
            rows.append(
                f"<tr><td>{title}</td><td>{side}</td><td>{s['n']}</td><td>{_pct(s['agreement'])}"
                f"{_ci(s.get('agreement_ci'))}</td><td>{_kappa(s)}</td><td>{s['false_acceptances']}</td>"
                f"<td>{_pct(s['na_share'])}</td></tr>"
            )
    flips = proof.get("flips_before")
    flips_line = (
        f"<p>Flips before: {flips[0]} of {flips[1]} repeated verdicts; after: not measured (a proof regrades once).</p>"
        if flips
        else ""
    )
    return (
        f'<div class="as-proof" data-outcome="{html.escape(proof["outcome"])}"><span class="as-badge" '
        f'style="background:{color}">{label}</span> {html.escape(proof["why"])}'
        "<table class='as-t'><tr><th>held-out reviews</th><th></th><th>n</th><th>agreement (95%)</th>"
        f"<th>kappa (95%)</th><th>false acceptances</th><th>n/a share</th></tr>{''.join(rows)}</table>"
        f"<p style='color:#57606a;font-size:0.85rem'>Regraded {proof['regraded_drafts']} stored drafts of "
        f"{proof['regraded_runs']} runs with {html.escape(proof['grader'])} (no working-model call) in "
        f"{proof['wall_time_s']:.1f} s · held out: {len(proof['held_out_runs'])} runs, learned from: "
        f"{proof['learn_runs']} · seed {proof['seed']}</p>{flips_line}</div>"
    )


def _run_link(run_id: str, label: str) -> str:
    return f"[{md(label)}](./?run={run_id})" if valid_run_id(run_id) else md(label)


def _show_proof(proof: dict[str, Any], proposal: dict[str, Any], positions: dict[str, int], key: str) -> None:
    st.html(CSS + proof_html(proof))
    if proof.get("outcomes"):
        st.markdown(
            "**Runs whose end would change:** "
            + "; ".join(
                _run_link(o["run_id"], f"run {o['run_id'][:8]}") + f" {md(o['change'])}" for o in proof["outcomes"][:20]
            )
        )
    if proof.get("review_first"):
        st.markdown(
            f"**Review first** ({counted(proof['needed'], 'more review')} needed): "
            + "; ".join(
                cell_link(
                    c["run_id"],
                    int(c.get("turn") or 0),
                    int(c["iteration"]),
                    positions.get(c.get("criterion", "")),
                    f"run {c['run_id'][:8]} iteration {c['iteration'] + 1}",
                )
                + f" ({md(c['why'])})"
                for c in proof["review_first"]
            )
        )
    if not allowed("accept"):
        return
    if proof.get("accepted_version"):
        st.success(f"Accepted as version {proof['accepted_version']}.")
        return
    anyway = False
    if proof["outcome"] != "better":
        anyway = st.checkbox("Accept it although it was not proven better", key=f"{key}_anyway")
    if st.button(
        "Accept as a new version",
        key=f"{key}_accept",
        type="primary" if proof["outcome"] == "better" else "secondary",
        disabled=proof["outcome"] != "better" and not anyway,
    ):
        try:
            done = act(
                "accept",
                lambda: accept(store_or_stop(), proposal["id"], anyway=anyway),
                rubric=proposal["rubric_name"],
                detail=lambda d: f"proposal {proposal['id']} as version {d.version}",
            )
        except AssistantError as exc:
            st.error(str(exc))
            return
        if done is not None:
            st.session_state["assistant_flash"] = f"Saved {md(done.name)} as version {done.version} with its proof."
            st.rerun()


def _show_proposal(store: Store, proposal: dict[str, Any], rubric: str, positions: dict[str, int], key: str) -> None:
    st.markdown(f"**{md(proposal['title'])}** · {md(proposal['source'])} · `{proposal['id']}`")
    st.caption(md(proposal["reason"]))
    with st.expander("The edited rubric"):
        st.markdown(
            DIFF_CSS + side_by_side_html(word_diff(rubric, proposal["edited_rubric"]), left="now", right="edited"),
            unsafe_allow_html=True,
        )
    proof = assistant_store.latest_proof(store, proposal["id"])
    if allowed("prove") and st.button(
        "Prove it on held-out reviews" if proof is None else "Prove again", key=f"{key}_prove"
    ):
        with st.spinner("Regrading the stored drafts under the edit (the working model is not called)…"):
            try:
                made = act(
                    "prove",
                    lambda: prove(store, proposal["id"], keys=run_keys()),
                    rubric=proposal["rubric_name"],
                    detail=lambda p: f"proposal {proposal['id']}: {p.outcome}",
                )
            except AssistantError as exc:
                st.error(str(exc))
                return
        if made is not None:
            # Drawn again from the top: the button above was drawn before the proof existed ("Prove it on ...").
            st.rerun()
    if proof is not None:
        _show_proof(proof, proposal, positions, key)


def _evidence_line(diagnosis: Diagnosis) -> str:
    e = diagnosis.evidence
    reviewed = [c for c in e.cells if c.human is not None]
    held = sum(1 for c in reviewed if diagnosis.split.holds_out(c.run_id))
    suites = sorted({r["suite_run_id"] for r in e.runs if r["suite_run_id"]})
    return (
        f"**Evidence:** {counted(len(e.runs), 'run')} ({counted(len(suites), 'suite run')}), "
        f"{counted(len(e.cells), 'verdict')}, {counted(len(reviewed), 'reviewed cell')}: "
        f"{len(reviewed) - held} the assistant may learn from, {held} held out to test its edits (it never reads "
        f"them; split seed {diagnosis.split.seed})."
    )


def show_findings(store: Store, diagnosis: Diagnosis) -> None:
    """Every finding, worst first, each with its cells and the edits proposed for it."""
    e = diagnosis.evidence
    stored = {p["id"]: p for p in assistant_store.list_proposals(store, e.name, e.version)}
    positions = {c: i for i, c in enumerate(e.criteria)}
    st.markdown(_evidence_line(diagnosis))
    if not diagnosis.findings:
        st.success("No findings: nothing in the stored evidence points at a criterion.")
        return
    for n, f in enumerate(diagnosis.findings):
        st.markdown(
            f'<div class="as-finding" data-kind="{html.escape(f.kind)}"><b>{html.escape(KIND_LABELS.get(f.kind, f.kind))}'
            f"</b> · {html.escape(f.criterion)}</div>",
            unsafe_allow_html=True,
        )
        st.caption(md(_said(f.title, KIND_LABELS.get(f.kind, f.kind))))
        if f.cells:
            links = [
                cell_link(c.run_id, c.turn, c.iteration, c.position, f"run {c.run_id[:8]} iteration {c.iteration + 1}")
                for c in f.cells[:CELLS_SHOWN]
            ]
            more = f" and {len(f.cells) - CELLS_SHOWN} more" if len(f.cells) > CELLS_SHOWN else ""
            st.markdown(
                f'<span class="as-cells" data-kind="{html.escape(f.kind)}"></span>{md(f.cells_said)}: '
                + ", ".join(links)
                + more,
                unsafe_allow_html=True,
            )
        for p in diagnosis.proposals_for(f):
            proposal = stored.get(p.id) or p.to_dict()
            with st.container(border=True):
                _show_proposal(store, proposal, e.rubric, positions, key=f"as_{p.id}_{n}")
