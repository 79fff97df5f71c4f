"""Status chips (the run view element draws its own from the payload; lists and suite pages draw these)."""

from __future__ import annotations

import html

from rubric_core.views.run_view import STATUS_COLORS, STATUS_LABELS


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
