"""The Run editor's "Draft a rubric" panel: the assistant drafts criteria from the task; the author keeps, edits
or removes each line, or drafts again with a note, then puts the kept lines in the rubric field.

The drafted lines are kept in session state as plain data (rubric_core.assistant.drafting's to_dict); every
line a model wrote is shown in a text field or escaped.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from rubric_core.verdicts import check_text
from rubric_ui.safe import md
from rubric_ui.session.access import act, allowed
from rubric_ui.session.keys import run_keys

DRAFT = "run_rubric_draft"
"""Session key: the current draft (RubricDraft.to_dict()) and the version of its line widgets."""


def _models() -> list[str]:
    from rubric_core.models.providers import PROVIDERS

    return ["offline rules (no model)", *[p.example for p in PROVIDERS.values() if p.example]]


def _restore(data: dict[str, Any]) -> Any:
    from rubric_core.assistant.drafting import DraftedCriterion, RubricDraft

    def lines(rows: list[dict[str, Any]]) -> list[DraftedCriterion]:
        return [DraftedCriterion(r["text"], r["reason"], r["check"]) for r in rows]

    return RubricDraft(lines(data["criteria"]), lines(data["left_to_llm"]), data["source"], data["usage"], data["note"])


def _draft(task: str, model: str, note: str = "") -> None:
    from rubric_core.assistant.drafting import draft_rubric
    from rubric_core.assistant.llm import AssistantModelError

    spec = None if model.startswith("offline") else model
    held = st.session_state.get(DRAFT)
    previous = _restore(held["draft"]) if held and note else None
    try:
        drafted = act(
            "draft",
            lambda: draft_rubric(task, model=spec, note=note, previous=previous, keys=run_keys()),
            detail=lambda d: f"{len(d.criteria)} criteria by {d.source}",
        )
    except (ValueError, AssistantModelError) as exc:
        st.session_state[DRAFT + "_error"] = str(exc)
        return
    if drafted is not None:
        version = (held or {}).get("version", 0) + 1
        st.session_state[DRAFT] = {"draft": drafted.to_dict(), "version": version}
        st.session_state.pop(DRAFT + "_error", None)


def show_draft_panel(task: str, apply_preset: Callable[[dict[str, Any]], None]) -> None:
    """The panel, under the rubric field."""
    if not allowed("draft"):
        return
    held = st.session_state.get(DRAFT)
    with st.expander("Draft a rubric from the task", expanded=held is not None):
        c1, c2 = st.columns([3, 1], vertical_alignment="bottom")
        model = c1.selectbox("Draft with", _models(), key="run_draft_model")
        if c2.button("Draft", key="run_draft_go", width="stretch"):
            _draft(task, model)
            held = st.session_state.get(DRAFT)
        error = st.session_state.get(DRAFT + "_error")
        if error:
            st.error(error)
        if not held:
            st.caption(
                "2 to 6 short criteria from what the task states, each with the check that will judge it. Offline, "
                "only criteria the offline grader can check; what it cannot is listed apart."
            )
            return
        draft, version = held["draft"], held["version"]
        usage = draft.get("usage") or {}
        st.caption(
            f"Drafted by {md(draft['source'])}"
            + (f" (note: {md(draft['note'])})" if draft.get("note") else "")
            + (
                f" · {usage.get('calls', 0)} model calls · {usage.get('total_tokens', 0):,} tokens · "
                + ("cost n/a" if usage.get("cost_usd") is None else f"${usage['cost_usd']:.4f}")
                if usage
                else ""
            )
        )
        for i, line in enumerate(draft["criteria"]):
            keep, text = st.columns([1, 12], vertical_alignment="center")
            keep.checkbox("Keep", value=True, key=f"run_draft_keep_{version}_{i}", label_visibility="collapsed")
            text.text_input(f"Criterion {i + 1}", value=line["text"], key=f"run_draft_text_{version}_{i}")
            text.caption(f"check: {md(check_text(line['check']))} · why: {md(line['reason'])}")
        if draft["left_to_llm"]:
            st.markdown(
                "**Left to an LLM grader** (the offline grader cannot check these): "
                + "; ".join(md(c["text"]) for c in draft["left_to_llm"])
            )
        n1, n2 = st.columns([3, 1], vertical_alignment="bottom")
        note = n1.text_input(
            "Note for another draft", key="run_draft_note", placeholder='"shorter", "add a criterion for tone"'
        )
        if n2.button("Draft again", key="run_draft_again", width="stretch", disabled=not note.strip()):
            _draft(task, model, note.strip())
            st.rerun()

        def use() -> None:
            kept = [
                st.session_state.get(f"run_draft_text_{version}_{i}", line["text"]).strip()
                for i, line in enumerate(draft["criteria"])
                if st.session_state.get(f"run_draft_keep_{version}_{i}", True)
            ]
            apply_preset({"rubric": "".join(f"- {k}\n" for k in kept if k)})

        st.button("Use these criteria", key="run_draft_use", type="primary", on_click=use)
