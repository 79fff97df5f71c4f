"""The "Draft a rubric" panel (the Run editor's, and the Assistant page's): the assistant drafts criteria from the task;
the author keeps, edits or removes each line (an edited line shows the check that will judge it at once), adds a
line left to an LLM grader or held back, asks for a change in plain words ("add a greeting", "remove 2", "make it
stricter", "undo"), or drafts again from the task keeping their edits and removals; then uses the kept lines.

The draft is kept in session state as plain data (RubricDraft.to_dict()); every line a model or the task wrote is
shown in a text field or escaped.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from rubric_core.checks.described import check_for
from rubric_core.rubric import Criterion
from rubric_core.verdicts import check_text
from rubric_ui.safe import md
from rubric_ui.session.access import act, allowed
from rubric_ui.session.keys import run_keys

DRAFT = "run_rubric_draft"
"""Session key of the Run editor's panel: the draft, the version of its line widgets, the draft before the last
note (for "undo")."""
OFFLINE = "offline rules (no model)"


def _models() -> list[str]:
    from rubric_core.models.providers import PROVIDERS

    return [OFFLINE, *[p.example for p in PROVIDERS.values() if p.example]]


def _state_key(prefix: str) -> str:
    return DRAFT if prefix == "run_draft" else f"{prefix}_state"


def _restore(data: dict[str, Any]) -> Any:
    from rubric_core.assistant.drafting import RubricDraft

    return RubricDraft.from_dict(data)


def _authors_work(prefix: str, held: dict[str, Any]) -> tuple[Any, dict[int, str], list[Any]]:
    """(the draft shown, kept line index -> its text now, lines the author added from the lists below)."""
    shown = _restore(held["draft"])
    v = held["version"]
    kept = {
        i: st.session_state.get(f"{prefix}_text_{v}_{i}", c.text)
        for i, c in enumerate(shown.criteria)
        if st.session_state.get(f"{prefix}_keep_{v}_{i}", True)
    }
    added = [c for i, c in enumerate(shown.left_to_llm) if st.session_state.get(f"{prefix}_add_{v}_{i}")]
    added += [c for i, c in enumerate(shown.held_back) if st.session_state.get(f"{prefix}_held_{v}_{i}")]
    return shown, kept, added


def _draft(prefix: str, task: str, model: str, note: str = "", *, again: bool = False) -> None:
    from rubric_core.assistant.draft_redraft import edited_draft, merge_edits
    from rubric_core.assistant.drafting import draft_rubric
    from rubric_core.assistant.llm import AssistantModelError

    key = _state_key(prefix)
    spec = None if model == OFFLINE else model
    held = st.session_state.get(key)
    work = _authors_work(prefix, held) if held else None
    previous = edited_draft(*work) if work else None
    before = _restore(held["before"]) if held and held.get("before") else None

    def make() -> Any:
        if note:
            return draft_rubric(task, model=spec, note=note, previous=previous, before=before, keys=run_keys())
        fresh = draft_rubric(task, model=spec, keys=run_keys())
        return merge_edits(fresh, *work) if again and work else fresh

    try:
        drafted = act("draft", make, detail=lambda d: f"{len(d.criteria)} criteria by {d.source}")
    except (ValueError, AssistantModelError) as exc:  # a bad task or note (DraftInputError), a model that failed
        st.session_state[key + "_error"] = str(exc)
        return
    if drafted is not None:
        st.session_state[key] = {
            "draft": drafted.to_dict(),
            "version": (held or {}).get("version", 0) + 1,
            "before": previous.to_dict() if previous is not None and note else None,
        }
        st.session_state.pop(key + "_error", None)


def _line(prefix: str, v: int, i: int, line: dict[str, Any]) -> None:
    keep, text = st.columns([1, 12], vertical_alignment="center")
    keep.checkbox("Keep", value=True, key=f"{prefix}_keep_{v}_{i}", label_visibility="collapsed")
    current = text.text_input(f"Criterion {i + 1}", value=line["text"], key=f"{prefix}_text_{v}_{i}")
    # The check of the line as it reads now: an edited line is judged by its new words.
    check = line["check"] if current == line["text"] else check_for(Criterion(current, 0))
    why = line["reason"] if current == line["text"] else "edited by you"
    text.caption(f"check: {md(check_text(check))} · why: {md(why)}")


def _extras(prefix: str, v: int, title: str, rows: list[dict[str, Any]], kind: str, hint: str) -> None:
    if not rows:
        return
    st.markdown(f"**{title}** ({hint})")
    for i, row in enumerate(rows):
        st.checkbox(
            f"Add: {md(row['text'])}",
            value=False,
            key=f"{prefix}_{kind}_{v}_{i}",
            help=row.get("reason") or None,
        )


def show_draft_panel(
    task: str,
    use: Callable[[str], None],
    *,
    prefix: str = "run_draft",
    use_label: str = "Use these criteria",
    expanded: bool | None = None,
) -> None:
    """The panel. `use(rubric_text)` receives the kept lines when the author clicks `use_label`."""
    if not allowed("draft"):
        return
    key = _state_key(prefix)
    held = st.session_state.get(key)
    with st.expander("Draft a rubric from the task", expanded=held is not None if expanded is None else expanded):
        c1, c2 = st.columns([3, 1], vertical_alignment="bottom")
        model = c1.selectbox("Draft with", _models(), key=f"{prefix}_model")
        if c2.button("Draft", key=f"{prefix}_go", width="stretch"):
            st.session_state.pop(key, None)  # a new draft from the task, not a redraft
            _draft(prefix, task, model)
            held = st.session_state.get(key)
        error = st.session_state.get(key + "_error")
        if error:
            st.error(md(error))
        if not held:
            st.caption(
                "One short criterion per demand the task states, each with the check that will judge it. Offline, "
                "criteria the offline grader cannot check are listed apart, with why, and can still be added."
            )
            return
        draft, v = held["draft"], held["version"]
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
        if draft.get("message"):
            st.success(md(draft["message"]), icon=":material/edit_note:")
        for w in draft.get("warnings") or []:
            st.warning(md(w), icon=":material/warning:")
        for i, line in enumerate(draft["criteria"]):
            _line(prefix, v, i, line)
        _extras(
            prefix, v, "Left to an LLM grader", draft["left_to_llm"], "add", "the offline grader cannot check these"
        )
        _extras(prefix, v, "Held back", draft.get("held_back") or [], "held", "each cannot hold with a line above")
        n1, n2, n3 = st.columns([3, 1, 1], vertical_alignment="bottom")
        note = n1.text_input(
            "Note for another draft",
            key=f"{prefix}_note",
            placeholder='"add a greeting", "remove 2", "make it stricter"',
        )
        # Never disabled while the note is empty: the box commits what was typed when the click leaves it, and a
        # button disabled until then took a first click that only enabled it (two clicks for one draft).
        if n2.button("Draft again with the note", key=f"{prefix}_again", width="stretch"):
            if not note.strip():
                st.info('Write a note first (for example "add a greeting" or "remove 2"), then draft again.')
            else:
                _draft(prefix, task, model, note.strip())
                st.rerun()
        if n3.button(
            "Draft again from the task", key=f"{prefix}_redraft", width="stretch", help="Keeps your edits and removals"
        ):
            _draft(prefix, task, model, again=True)
            st.rerun()

        def on_use() -> None:
            from rubric_core.assistant.draft_redraft import edited_draft

            now = edited_draft(*_authors_work(prefix, st.session_state[key]))
            use(now.rubric_text())

        st.button(use_label, key=f"{prefix}_use", type="primary", on_click=on_use)
