"""Finding a row by the id a person typed: the whole id, or an unambiguous start of it, never a pattern.

An id is matched exactly first; else, when what was typed is only letters, digits, '-' and '_' and at least
`min_prefix` long, as the start of one id (compared with substr, not LIKE: '%' and '_' are never wildcards).
Anything else is refused with what was wrong: no such id, a start shared by several, or not an id at all.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from rubric_core.store.sql import text

ID_CHARS = re.compile(r"^[A-Za-z0-9_-]+$")
_TABLES = {"runs", "suite_runs", "rubric_proposals"}


class IdNotFound(LookupError):
    """No row (or several) answers to the id typed; the message says which and what to do."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


@dataclass(frozen=True)
class IdKind:
    """What kind of row an id names, for the messages."""

    table: str
    noun: str
    """'run', 'suite run', 'proposal'."""
    listing: str
    """How to list them: '`rubric-studio runs`'."""
    min_prefix: int = 1


RUN = IdKind("runs", "run", "`python -m rubric_core runs`", 6)
SUITE_RUN = IdKind("suite_runs", "suite run", "`python -m rubric_core suite list`", 1)
PROPOSAL = IdKind("rubric_proposals", "proposal", "`python -m rubric_core rubric doctor NAME`", 6)


def shown(value: str) -> str:
    """What a person typed, quoted, cut to 80 characters (repr shows control and bidi characters escaped)."""
    return repr(value[:80] + ("…" if len(value) > 80 else ""))


def resolve_id(store: Any, kind: IdKind, given: str, *, prefix: bool = True) -> str:
    """The full id `given` names (exactly, or as the unambiguous start of one); IdNotFound otherwise."""
    if kind.table not in _TABLES:
        raise ValueError(kind.table)
    value = given.strip()
    if not value:
        msg = f"No {kind.noun} '': the id is empty. {kind.listing} lists them."
        raise IdNotFound(msg)
    with store.engine.connect() as conn:
        exact = conn.execute(text(f"SELECT id FROM {kind.table} WHERE id = :i"), {"i": value}).first()
        if exact is not None:
            return str(exact[0])
        if not ID_CHARS.match(value):
            msg = (
                f"No {kind.noun} {shown(given)} in the store: an id is letters, digits, '-' and '_' (no patterns, "
                f"paths or spaces). {kind.listing} lists them."
            )
            raise IdNotFound(msg)
        if not prefix or len(value) < kind.min_prefix:
            more = "" if not prefix else f" (or at least {kind.min_prefix} characters of its start)"
            msg = f"No {kind.noun} {shown(given)} in the store: give its whole id{more}. {kind.listing} lists them."
            raise IdNotFound(msg)
        rows = conn.execute(
            text(f"SELECT id FROM {kind.table} WHERE substr(id, 1, :n) = :p ORDER BY id LIMIT 3"),
            {"n": len(value), "p": value},
        ).all()
    if len(rows) == 1:
        return str(rows[0][0])
    if rows:
        several = ", ".join(str(r[0]) for r in rows[:2])
        msg = f"{kind.noun.capitalize()} id {shown(given)} is ambiguous: it starts {several}, ...; give more of it."
        raise IdNotFound(msg)
    msg = f"No {kind.noun} {shown(given)} in the store. {kind.listing} lists them."
    raise IdNotFound(msg)
