"""Status chips and the final banner."""

from __future__ import annotations

import html

import streamlit as st

from rubric_core.views.run_view import STATUS_COLORS, STATUS_LABELS, RunView, shown
from rubric_ui.safe import md


def chip_html(status: str, label: str | None = None) -> str:
    """A small coloured pill (escaped)."""
    color = STATUS_COLORS.get(status, "#57606a")
    text = html.escape(label or STATUS_LABELS.get(status, status))
    return (
        f'<span class="rs-chip" data-status="{html.escape(status)}" style="background:{color};color:#fff;'
        # One line each: a chip that wrapped read "9: needs / revision". Chips wrap between each other instead.
        f"padding:2px 10px;border-radius:999px;font-size:0.8rem;font-weight:600;margin:0 4px 4px 0;"
        f'white-space:nowrap;display:inline-block">{text}</span>'
    )


def iteration_chips(view: RunView) -> None:
    """One chip per iteration, and one for the phase while live; a continued run shows each turn's row, labelled.

    (Only the current turn's chips were shown: after a follow-up, turn 1's verdicts disappeared from the page.)
    """
    if not view.turns:
        return
    live = not view.ended and view.status != "interrupted"
    rows = []
    for turn in view.turns:
        chips = []
        for it in turn.iterations:
            if it.result:
                status, label = it.result, STATUS_LABELS.get(it.result, it.result).lower()
            elif live and turn is view.current:
                status = "grading" if it.grading else "drafting"
                label = status
            else:  # a cancelled or interrupted run shows no live state
                status, label = "cancelled", "not graded"
            chips.append(chip_html(status, f"{shown(it.iteration)}: {label}"))
        lead = f'<span class="rs-turn-label">Turn {turn.turn + 1}</span> ' if len(view.turns) > 1 else ""
        rows.append(f'<div class="rs-chips" data-turn="{turn.turn}">{lead}{" ".join(chips) or "&nbsp;"}</div>')
    st.markdown(
        "<style>.rs-turn-label{display:inline-block;min-width:4.2rem;font-weight:600;color:#57606a;"
        "font-size:0.85rem}</style>" + "".join(rows),
        unsafe_allow_html=True,
    )


def final_banner(view: RunView) -> None:
    """Tells each terminal status apart, with the grader's explanation, tokens and time."""
    label = STATUS_LABELS.get(view.status, view.status)
    facts = view.facts()  # every turn's iterations, tokens and time: one scope
    explanation = view.explanation()
    body = f"**{label}** · {facts}"
    if view.status == "satisfied":
        st.success(body, icon=":material/check_circle:")
    elif view.status == "max_iterations_reached":
        st.warning(
            f"{body} — the cap of {view.max_iterations} iterations was hit before every criterion passed.",
            icon=":material/timer:",
        )
    elif view.status == "failed":
        st.error(f"{body} — the grader found the rubric malformed or impossible to grade.", icon=":material/block:")
    elif view.status == "grader_error":
        st.error(
            f"{body} — the grader itself failed (provider error, timeout or unusable answers).", icon=":material/error:"
        )
    elif view.status == "cancelled":
        st.info(f"{body} — stopped on request. It can be resumed.", icon=":material/stop:")
    elif view.status == "interrupted":
        # What stopped it, as stored (a server stop, a lost database, a full disk, a killed process), when known.
        why = view.error or "its worker stopped (app restart or crash)."
        st.warning(f"{body} — {why} It can be resumed.", icon=":material/pause_circle:")
    elif view.status == "error":
        st.error("**Error** — the run could not go on.", icon=":material/cancel:")
        st.text(view.error)
        if view.error_detail:  # the user's own code failed: their traceback, once
            with st.expander("The traceback of your code"):
                st.code(view.error_detail, language="text")
    na_note = view.na_note()
    if na_note:
        st.info(f"**Not judged (n/a)** — {md(na_note)}", icon=":material/help:")
    if explanation and view.status != "error":
        st.caption("Grader's explanation")
        st.text(explanation)
