"""Names of downloaded files that say what was exported and when: 'rubric-studio_haiku-v2_satisfied_jsonl_
2026-12-05_1549.jsonl', not the same 'rubric-studio-jsonl.jsonl' for every export."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

MAX_WHAT = 60
"""Characters of the 'what' part of a name (the filters, shortened)."""


def slug(text: object) -> str:
    """Letters, digits, dots and hyphens only, lower case: safe in a file name on every system."""
    return re.sub(r"-{2,}", "-", re.sub(r"[^a-z0-9.]+", "-", str(text).lower())).strip("-.")


def file_name(what: list[str], fmt: str, suffix: str, when: float | None = None) -> str:
    """'rubric-studio_<what>_<format>_<UTC date>_<time>.<suffix>'; `what` names the export's scope (none: 'all')."""
    parts = [slug(p) for p in what if slug(p)]
    scope = "_".join(parts)[:MAX_WHAT].strip("-_.") or "all"
    stamp = datetime.fromtimestamp(when if when is not None else datetime.now(UTC).timestamp(), UTC)
    kind = slug(fmt)
    return f"rubric-studio_{scope}{'_' + kind if kind and kind != slug(suffix) else ''}_{stamp:%Y-%m-%d_%H%M}.{suffix}"


def run_filter_words(flt: Any) -> list[str]:
    """What a RunFilter exports, in a few words: the selection, or the rubric (and version), statuses and text
    filters; [] for every run."""
    if getattr(flt, "ids", None):
        n = len(flt.ids)
        return [f"{n} selected {'run' if n == 1 else 'runs'}"]
    out = []
    if flt.rubric_name:
        out.append(flt.rubric_name + (f" v{flt.rubric_version}" if flt.rubric_version else ""))
    elif flt.rubric_version:
        out.append(f"rubric v{flt.rubric_version}")
    if flt.statuses:
        out.append("+".join(flt.statuses))
    for prefix, value in (
        ("model", flt.model_contains or flt.model),
        ("tag", flt.tag_contains or flt.tag),
        ("task", flt.search),
    ):
        if value:
            out.append(f"{prefix} {value}")
    return out or ["all runs"]


def audit_filter_words(flt: Any) -> list[str]:
    """What an audit export holds: its filters in a few words (the whole trail: 'audit')."""
    out = ["audit"]
    for value in (flt.actor, flt.action, flt.outcome, (flt.run_id or "")[:8]):
        if value:
            out.append(str(value))
    return out
