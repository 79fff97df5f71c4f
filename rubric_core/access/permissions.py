"""Who may do what: the actions of the dashboard, the roles each needs, and the person acting.

Every role may read (runs, rubrics, suites, reviews, agreement); what differs is what each may change.
The table is the single source of truth: the pages hide the controls a person may not use by asking
`can`, and every action goes through `guard.authorize`, which asks it again on the server.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from rubric_core.access.roles import ROLES, Role

Action = Literal[
    "start",
    "cancel",
    "resume",
    "continue",
    "steer",
    "fork",
    "delete",
    "tag",
    "note",
    "rubric_save",
    "rubric_delete",
    "import",
    "export",
    "prices",
    "share",
    "review",
    "consistency",
    "what_if",
    "draft",
    "diagnose",
    "prove",
    "accept",
    "audit",
]

PERMISSIONS: dict[Action, frozenset[Role]] = {
    # Authors run things and curate what runs use.
    "start": frozenset({"author", "admin"}),
    "cancel": frozenset({"author", "admin"}),
    "resume": frozenset({"author", "admin"}),
    "continue": frozenset({"author", "admin"}),
    # A step-mode run's pause (go on, override, edit, stop) and a fork are the run's author's to steer.
    "steer": frozenset({"author", "admin"}),
    "fork": frozenset({"author", "admin"}),
    "tag": frozenset({"author", "admin"}),
    "note": frozenset({"author", "admin"}),
    "rubric_save": frozenset({"author", "admin"}),
    "import": frozenset({"author", "admin"}),
    "export": frozenset({"author", "admin"}),
    "prices": frozenset({"author", "admin"}),
    "share": frozenset({"author", "admin"}),
    # Reviewers judge the judge.
    "review": frozenset({"reviewer", "admin"}),
    "consistency": frozenset({"reviewer", "admin"}),
    "what_if": frozenset({"reviewer", "admin"}),
    # The rubric assistant: drafting may call a paid model (as a run does); a diagnosis and a proof read the
    # evidence and regrade stored drafts, which authors and reviewers both need; accepting saves a version.
    "draft": frozenset({"author", "admin"}),
    "diagnose": frozenset({"author", "reviewer", "admin"}),
    "prove": frozenset({"author", "reviewer", "admin"}),
    "accept": frozenset({"author", "admin"}),
    # What cannot be undone, and what shows everyone's actions: admins only.
    "delete": frozenset({"admin"}),
    "rubric_delete": frozenset({"admin"}),
    "audit": frozenset({"admin"}),
}
"""Action to the roles that may do it (a person may if any of their roles is listed)."""

ACTION_LABELS: dict[Action, str] = {
    "start": "start runs and suite runs",
    "cancel": "cancel runs",
    "resume": "resume runs",
    "continue": "continue runs",
    "steer": "steer paused runs (override, edit, go on or stop)",
    "fork": "fork runs",
    "delete": "delete runs",
    "tag": "tag runs",
    "note": "annotate runs",
    "rubric_save": "save rubrics",
    "rubric_delete": "delete rubrics",
    "import": "import files",
    "export": "export runs",
    "prices": "edit prices",
    "share": "create and revoke share links",
    "review": "review cells",
    "consistency": "run consistency checks",
    "what_if": "run what-if regrades",
    "draft": "draft rubrics with the assistant",
    "diagnose": "diagnose rubrics with the assistant",
    "prove": "prove the assistant's proposed edits",
    "accept": "accept a proven edit as a new rubric version",
    "audit": "read and export the audit trail",
}
"""What an action lets a person do, in words (the refusal message and docs say it)."""

ActorKind = Literal["signed_in", "local", "cli", "share"]


@dataclass(frozen=True)
class Actor:
    """The person (or link) behind an action, as the server knows it: never from a field the browser typed."""

    kind: ActorKind
    """signed_in: from the OIDC ID token; local: no sign-in configured (one local user, every role);
    cli: the command line; share: a read-only share link (no role)."""
    id: str
    """What the audit trail records as who: the email from the ID token (its `sub` when it has none),
    'local', 'cli:NAME', or 'share:LINK_ID'."""
    name: str = ""
    """A display name (the token's `name` claim); untrusted text: escape it wherever it is shown."""
    roles: frozenset[Role] = field(default_factory=frozenset)

    @property
    def role_list(self) -> list[Role]:
        """The roles, most powerful first."""
        return [r for r in ROLES if r in self.roles]


LOCAL_ACTOR = Actor(kind="local", id="local", name="Local user", roles=frozenset(ROLES))
"""The one user of a dashboard with no sign-in configured: every role, as before sign-in existed."""


def can(actor: Actor, action: Action) -> bool:
    """Whether `actor` may do `action` (any of their roles is in the action's row of the table)."""
    return bool(actor.roles & PERMISSIONS[action])


def may_read(actor: Actor) -> bool:
    """Whether `actor` may read the dashboard's data at all (any role)."""
    return bool(actor.roles)


def roles_allowed(action: Action) -> list[Role]:
    """The roles that may do `action`, most powerful first."""
    return [r for r in ROLES if r in PERMISSIONS[action]]
