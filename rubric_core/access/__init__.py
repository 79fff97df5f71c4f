"""Who may do what on a team server: roles, the permission table, the one check, the audit trail, share links.

No Streamlit here (import-linter checks it): the app's glue (`rubric_ui/session/access.py`) turns `st.user` and
`st.secrets` into an `Actor` and `RoleRules`, and every action it offers goes through `guard.perform`.

Imports: `store` and the shared base modules. Imported by `cli` and by rubric_ui only.
"""

from rubric_core.access.audit import AuditFilter, Target
from rubric_core.access.guard import Denied, authorize, perform
from rubric_core.access.identity import actor_from_claims, cli_actor
from rubric_core.access.permissions import LOCAL_ACTOR, PERMISSIONS, Action, Actor, can, may_read
from rubric_core.access.roles import ROLES, RoleRules, RolesConfigError, parse_roles

__all__ = [
    "LOCAL_ACTOR",
    "PERMISSIONS",
    "ROLES",
    "Action",
    "Actor",
    "AuditFilter",
    "Denied",
    "RoleRules",
    "RolesConfigError",
    "Target",
    "actor_from_claims",
    "authorize",
    "can",
    "cli_actor",
    "may_read",
    "parse_roles",
    "perform",
]
