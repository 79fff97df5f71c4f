"""The signed-in person as an Actor: email, name and roles from the OIDC ID token's claims.

The claims come from Streamlit's `st.user` (the ID token, kept in a cookie signed with the dashboards'
cookie secret), never from anything the browser types. Roles are matched on the email claim; a token
that says the email is not verified (`email_verified: false`) gets no role, since anyone could have typed
that address at the provider.
"""

from __future__ import annotations

from collections.abc import Mapping

from rubric_core.access.permissions import Actor
from rubric_core.access.roles import RoleRules


def email_of(claims: Mapping[str, object]) -> str:
    """The email claim, trimmed ('' when the token has none)."""
    value = claims.get("email")
    return value.strip() if isinstance(value, str) else ""


def email_unverified(claims: Mapping[str, object]) -> bool:
    """Whether the token says outright that its email is not verified (a missing claim is not that)."""
    return claims.get("email_verified") is False or claims.get("email_verified") == "false"


def actor_from_claims(claims: Mapping[str, object], rules: RoleRules) -> Actor:
    """The Actor for a signed-in person: audited by email (by issuer and subject when the token has no email)."""
    email = email_of(claims)
    subject = str(claims.get("sub") or "")
    issuer = str(claims.get("iss") or "")
    who = email or (f"{subject}@{issuer}" if issuer else subject) or "unknown"
    name = claims.get("name")
    roles = frozenset() if email_unverified(claims) else rules.roles_for(email)
    return Actor(kind="signed_in", id=who, name=name if isinstance(name, str) else "", roles=roles)


def cli_actor(name: str) -> Actor:
    """The command line's reviewer: stored as `cli:NAME`, so it is never taken for a signed-in person."""
    return Actor(kind="cli", id=f"cli:{name.strip()}", name=name.strip())
