"""Roles from the `[roles]` section of .streamlit/secrets.toml: which emails hold which role.

```toml
[roles]
admin = ["lead@example.com"]
author = ["*@example.com"]
reviewer = ["qa-team@example.com"]
viewer = ["*"]
```

A person holds every role one of whose patterns matches their email (the union). Patterns are shell-style
(`*`, `?`, `[...]`) and compared without regard to case, as email addresses are in practice.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from typing import Literal

Role = Literal["admin", "author", "reviewer", "viewer"]
ROLES: tuple[Role, ...] = ("admin", "author", "reviewer", "viewer")
"""Every role, most powerful first (the order the app lists a person's roles in)."""


class RolesConfigError(ValueError):
    """A `[roles]` section the app cannot use; the message says what to fix."""


@dataclass(frozen=True)
class RoleRules:
    """The `[roles]` section, checked: role name to its email patterns."""

    patterns: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Role to the patterns that grant it, lower-cased."""

    def roles_for(self, email: str | None) -> frozenset[Role]:
        """Every role one of whose patterns matches `email` (none for no email)."""
        address = (email or "").strip().lower()
        if not address:
            return frozenset()
        return frozenset(role for role in ROLES if any(fnmatchcase(address, p) for p in self.patterns.get(role, ())))


def parse_roles(section: Mapping[str, object] | None) -> RoleRules:
    """The `[roles]` section as RoleRules; RolesConfigError for an unknown role or a pattern that is not text.

    No section at all gives no one a role: with sign-in on, every signed-in person then sees the page that
    says they have no role (nothing is readable by default).
    """
    if not section:
        return RoleRules()
    patterns: dict[str, tuple[str, ...]] = {}
    for name, value in section.items():
        if name not in ROLES:
            known = ", ".join(ROLES)
            msg = f"[roles] in .streamlit/secrets.toml names an unknown role {name!r}; the roles are {known}."
            raise RolesConfigError(msg)
        items = [value] if isinstance(value, str) else value
        if not isinstance(items, list | tuple) or not all(isinstance(p, str) for p in items):
            msg = (
                f"[roles] {name} in .streamlit/secrets.toml must be a list of email patterns, "
                f'like {name} = ["ann@example.com", "*@example.com"].'
            )
            raise RolesConfigError(msg)
        patterns[name] = tuple(p.strip().lower() for p in items if p.strip())
    return RoleRules(patterns)
