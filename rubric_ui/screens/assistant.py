"""The Assistant page: diagnose a rubric version from its evidence, see each finding with the cells behind it,
prove a proposed edit on held-out reviews, and accept a proven one as a new version; each version's fitness.

The work is rubric_core.assistant's; this page draws it. Every text a model or a person wrote (criteria,
reasons, reviewers' notes) is escaped.
"""

from __future__ import annotations

import html
from typing import Any

import streamlit as st

from rubric_core.assistant.accept import accept
from rubric_core.assistant.doctor import Diagnosis, examine
from rubric_core.assistant.fitness import fitness
from rubric_core.assistant.llm import AssistantModelError
from rubric_core.assistant.proof import AssistantError, prove
from rubric_core.store import Store
from rubric_core.store import assistant as assistant_store
from rubric_core.views.diff import DIFF_CSS, side_by_side_html, word_diff
from rubric_core.words import counted
from rubric_ui.safe import md, valid_run_id
from rubric_ui.screens.assistant_draft import show_assistant_draft
from rubric_ui.session.access import act, allowed
from rubric_ui.session.keys import run_keys
from rubric_ui.session.resources import store_or_stop

KIND_LABELS = {
    "disagrees_accepts": "False acceptances",
    "disagrees_rejects": "False rejections",
    "flips": "Flips",
    "mostly_na": "Mostly n/a",
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
DIAGNOSED = "assistant_diagnosed"
"""Session key: the (rubric, version) pairs diagnosed this session (their findings are drawn again on each run)."""
CSS = """<style>
.as-t{border-collapse:collapse;font-size:0.88rem;margin:0.3rem 0}.as-t td,.as-t th{border:1px solid #d0d7de;
padding:3px 8px;text-align:left}.as-badge{display:inline-block;padding:1px 9px;border-radius:999px;color:#fff;
font-weight:600;font-size:0.8rem}.as-finding{margin:0.4rem 0 0.1rem 0}
</style>"""


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{x:.0%}"


def _ci(ci: Any, pattern: str = "{:.0%}") -> str:
    return "" if not ci else f" ({pattern.format(ci[0])}–{pattern.format(ci[1])})"


def _proof_html(proof: dict[str, Any]) -> str:
    label, color = OUTCOME.get(proof["outcome"], (proof["outcome"], "#57606a"))
    rows = []
    for title, before, after in (
        ("the criterion", proof["criterion_before"], proof["criterion_after"]),
        ("every criterion", proof["overall_before"], proof["overall_after"]),
    ):
        for side, s in (("before", before), ("after", after)):
            kappa = "undefined" if s["kappa"] is None else f"{s['kappa']:.2f}" + _ci(s.get("kappa_ci"), "{:.2f}")
            rows.append(
                f"<tr><td>{title}</td><td>{side}</td><td>{s['n']}</td><td>{_pct(s['agreement'])}"
                f"{_ci(s.get('agreement_ci'))}</td><td>{kappa}</td><td>{s['false_acceptances']}</td>"
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


def _show_proof(proof: dict[str, Any], proposal: dict[str, Any], key: str) -> None:
    st.html(CSS + _proof_html(proof))
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
                _run_link(c["run_id"], f"run {c['run_id'][:8]} iteration {c['iteration'] + 1}") + f" ({md(c['why'])})"
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


def _show_proposal(store: Store, proposal: dict[str, Any], rubric: str, key: str) -> None:
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
            proof = assistant_store.latest_proof(store, proposal["id"])
    if proof is not None:
        _show_proof(proof, proposal, key)


def _show_findings(store: Store, diagnosis: Diagnosis) -> None:
    stored = {
        p["id"]: p for p in assistant_store.list_proposals(store, diagnosis.evidence.name, diagnosis.evidence.version)
    }
    e = diagnosis.evidence
    reviewed = [c for c in e.cells if c.human is not None]
    held = sum(1 for c in reviewed if diagnosis.split.holds_out(c.run_id))
    suites = sorted({r["suite_run_id"] for r in e.runs if r["suite_run_id"]})
    st.markdown(
        f"**Evidence:** {counted(len(e.runs), 'run')} ({counted(len(suites), 'suite run')}), "
        f"{counted(len(e.cells), 'verdict')}, {counted(len(reviewed), 'reviewed cell')} "
        f"({held} held out for proofs; split seed {diagnosis.split.seed})."
    )
    if not diagnosis.findings:
        st.success("No findings: nothing in the stored evidence points at a criterion.")
        return
    for n, f in enumerate(diagnosis.findings):
        st.markdown(
            f'<div class="as-finding" data-kind="{html.escape(f.kind)}"><b>{html.escape(KIND_LABELS.get(f.kind, f.kind))}'
            f"</b> · {html.escape(f.criterion)}</div>",
            unsafe_allow_html=True,
        )
        st.caption(md(f.title))
        if f.cells:
            st.markdown(
                "Cells: "
                + ", ".join(_run_link(c.run_id, f"run {c.run_id[:8]} it. {c.iteration + 1}") for c in f.cells[:8])
                + (f" and {len(f.cells) - 8} more" if len(f.cells) > 8 else "")
            )
        for p in diagnosis.proposals_for(f):
            proposal = stored.get(p.id) or p.to_dict()
            with st.container(border=True):
                _show_proposal(store, proposal, e.rubric, key=f"as_{p.id}_{n}")


def _model_choices() -> list[str]:
    from rubric_core.models.providers import PROVIDERS

    return ["offline: rules only", *[p.example for p in PROVIDERS.values() if p.example]]


def render() -> None:
    """The page."""
    store = store_or_stop()
    st.title("Assistant")
    st.caption(
        "Draft a rubric from a task; diagnose a rubric version from everything stored about it (runs, suite runs, "
        "reviews, consistency checks), prove each proposed edit on human reviews the proposer never saw, and "
        "accept a proven one as a new version. How each number is computed: docs/ASSISTANT.md."
    )
    flash = st.session_state.pop("assistant_flash", None)
    if flash:
        st.success(flash, icon=":material/check_circle:")
    show_assistant_draft()
    st.subheader("Diagnose a library rubric")
    library = store.list_rubrics()
    if not library:
        st.info("The library is empty: run a rubric with a name (Run page) or import one (Rubrics page) first.")
        return
    c1, c2 = st.columns([3, 1])
    name = c1.selectbox("Rubric", [r["name"] for r in library], key="assistant_rubric")
    versions = store.rubric_versions(name) if name else []
    if not versions:
        return
    numbers = [v["version"] for v in versions]
    version = c2.selectbox("Version", numbers, index=len(numbers) - 1, key=f"assistant_version_{name}")
    st.markdown(
        "**Fitness** (from held-out reviews): "
        + " · ".join(f"v{v}: {md(fitness(store, name, v).label)}" for v in numbers)
    )
    text = next(v["text"] for v in versions if v["version"] == version)
    with st.expander(f"{name} v{version}"):
        st.code(text, language="markdown", wrap_lines=True)
    diagnosed = st.session_state.setdefault(DIAGNOSED, [])
    if allowed("diagnose"):
        c3, c4 = st.columns([2, 1], vertical_alignment="bottom")
        model = c3.selectbox("Propose edits with", _model_choices(), key="assistant_model")
        if c4.button(f"Diagnose v{version}", key="assistant_diagnose", type="primary"):
            spec = None if model.startswith("offline") else model
            with st.spinner("Reading the evidence…"):
                try:
                    done = act(
                        "diagnose",
                        lambda: examine(store, name, version, model=spec, keys=run_keys()),
                        rubric=name,
                        detail=lambda d: f"version {version}: {len(d.findings)} findings, {len(d.proposals)} proposals",
                    )
                except (AssistantError, AssistantModelError) as exc:
                    st.error(str(exc))
                    done = None
            if done is not None and [name, version] not in diagnosed:
                diagnosed.append([name, version])
    if [name, version] not in diagnosed:
        st.caption("Diagnose the version to see its findings and proposals.")
        return
    try:
        diagnosis = examine(store, name, version, save=False)
    except AssistantError as exc:
        st.error(str(exc))
        return
    _show_findings(store, diagnosis)
