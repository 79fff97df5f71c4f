"""The signed-in person as an Actor: email, name and roles from the OIDC ID token's claims.

The claims come from Streamlit's `st.user` (the ID token, kept in a cookie signed with the dashboards'
cookie secret), never from anything the browser types. Roles are matched on the email claim; a token
whose `email_verified` claim is anything but true gets no role, since anyone could have typed that address
at the provider.
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
    """Whether the token's `email_verified` claim says anything but verified.

    Only `true` verifies (or the string "true", in any case, which some providers send): `false`, "False", 0,
    "0", "no", null or any other value is unverified. A token with no such claim at all (Microsoft Entra ID
    sends none) is matched on its email as it is (docs/SCALING.md says which providers send it).
    """
    if "email_verified" not in claims:
        return False
    value = claims["email_verified"]
    return not (value is True or (isinstance(value, str) and value.lower() == "true"))


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
