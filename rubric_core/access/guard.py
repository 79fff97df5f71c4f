"""The one authorisation check every action of the dashboard goes through, on the server.

A page hides the controls a person may not use, but a hidden button is not a permission: a widget
message can be forged or replayed. So every action is done through `perform` (or checked with
`authorize` first), which asks the permission table with the identity the server holds (the signed-in
person from the ID token), refuses with `Denied` and records the refusal in the audit trail.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from rubric_core.access import audit
from rubric_core.access.audit import Target
from rubric_core.access.permissions import ACTION_LABELS, Action, Actor, can, roles_allowed
from rubric_core.store.store import Store

T = TypeVar("T")


class Denied(PermissionError):
    """The actor may not do the action; the message says so in words (and which role would)."""


def refusal(actor: Actor, action: Action) -> str:
    """Why `actor` may not do `action`, in words."""
    needed = " or ".join(reversed(roles_allowed(action)))  # the least powerful role that would do first
    held = ", ".join(actor.role_list) or "no role"
    return f"Not allowed: to {ACTION_LABELS[action]} you need the {needed} role (you have {held})."


def authorize(store: Store, actor: Actor, action: Action, *, target: Target | None = None, detail: str = "") -> None:
    """Return if `actor` may do `action`; else record a denied row in the audit trail and raise Denied."""
    if can(actor, action):
        return
    audit.record(store, actor, action, outcome="denied", target=target, detail=detail)
    raise Denied(refusal(actor, action))


def perform(
    store: Store,
    actor: Actor,
    action: Action,
    do: Callable[[], T],
    *,
    target: Target | Callable[[T], Target] | None = None,
    detail: str | Callable[[T], str] = "",
) -> T:
    """Check, do, and record: `do()` runs only if `actor` may do `action`; its success is an audit row.

    `target` and `detail` may be functions of `do()`'s result (a new run's id, a rubric's new version, an
    export's record count). An exception from `do()` propagates and records nothing: it did not happen.
    """
    before = target if isinstance(target, Target) else None
    authorize(store, actor, action, target=before, detail=detail if isinstance(detail, str) else "")
    result = do()
    said = detail(result) if callable(detail) else detail
    where = target(result) if callable(target) else target
    audit.record(store, actor, action, outcome="done", target=where, detail=said)
    return result
