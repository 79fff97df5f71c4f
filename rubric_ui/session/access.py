"""Sign-in and authorisation glue: `st.user` and `st.secrets` to an Actor; every action through the core's check.

The rules (roles, the permission table, the audit trail, share tokens) live in `rubric_core.access`;
this module only reads who is signed in, shows the sign-in and no-role pages, and runs each action the
pages offer through `rubric_core.access.guard.perform`. The identity comes from the ID token Streamlit
keeps in its signed cookie (read when the browser connects), never from a field the browser sends.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TypeVar

import streamlit as st

from rubric_core.access import LOCAL_ACTOR, Action, Actor, Denied, RoleRules, Target, can, parse_roles, perform
from rubric_core.access.guard import authorize
from rubric_core.access.identity import actor_from_claims, email_of, email_unverified
from rubric_ui.safe import md
from rubric_ui.session.resources import store_or_stop

if TYPE_CHECKING:
    from rubric_core.access.share_key import ShareKey

T = TypeVar("T")

ANONYMOUS = Actor(kind="signed_in", id="", name="")
"""Sign-in is configured and nobody is signed in: no role, and never written to the audit trail."""
SHARE_ACTOR = "access_share_actor"
"""Session key: the Actor of a session opened by a share link (no role; its id names the link)."""
REVIEWER_NAME = "review_reviewer_name"
"""Session key: the name the local user typed (the Review page's "Reviewer name", or the pause panel's): one name
per browser session, recorded with each of their reviews, overrides, forks and audit rows."""


# ---- what is configured ---------------------------------------------------------------------------------


def _section(name: str) -> dict[str, Any] | None:
    """A section of .streamlit/secrets.toml as a plain dict; None when there is none (or no secrets file)."""
    try:
        if not st.secrets.load_if_toml_exists() or name not in st.secrets:
            return None
        return _plain(st.secrets[name])
    except Exception:  # noqa: BLE001 -- an unreadable secrets file: Streamlit reports it; nothing is configured
        return None


def _plain(value: Any) -> Any:
    if hasattr(value, "items"):
        return {k: _plain(v) for k, v in value.items()}
    return value


def auth_configured() -> bool:
    """Whether `[auth]` is set up in .streamlit/secrets.toml (sign-in on); without it, one local user."""
    return _section("auth") is not None


def role_rules() -> RoleRules:
    """`[roles]` of secrets.toml (RolesConfigError when it has a mistake)."""
    return parse_roles(_section("roles"))


def providers() -> list[str | None]:
    """The sign-in providers of `[auth]`: None for the default (settings directly under [auth]), then named ones."""
    auth = _section("auth") or {}
    found: list[str | None] = [None] if "client_id" in auth else []
    found += [name for name, value in auth.items() if isinstance(value, dict) and "client_id" in value]
    return found or [None]


def share_signing_key(*, create: bool = False) -> ShareKey | None:
    """The key share links are signed with (rubric_core/access/share_key.py): `[share] signing_key`, else sign-in's
    `[auth] cookie_secret`, else (no sign-in: a local dashboard) the one it keeps in its data directory, made first
    when `create`. None: no key yet, so no link. ShareConfigError: a key that cannot be used, and what to do."""
    from rubric_core.access.share_key import share_key
    from rubric_core.paths import data_dir

    share = _section("share") or {}
    auth = _section("auth")
    secret, cookie = share.get("signing_key"), (auth or {}).get("cookie_secret")
    return share_key(secret, cookie, home=None if auth is not None else data_dir(), create=create)


# ---- who is acting --------------------------------------------------------------------------------------


def _claims() -> dict[str, Any]:
    # In the script thread only (st.user is empty in other threads): a plain copy of the token's claims.
    return dict(st.user.to_dict())


def signed_in() -> bool:
    """Whether a person is signed in (only meaningful with sign-in configured)."""
    return bool(st.user.get("is_logged_in"))


def current_actor() -> Actor:
    """Who acts in this session: a share link's reader, the signed-in person, the local user, or nobody."""
    shared = st.session_state.get(SHARE_ACTOR)
    if isinstance(shared, Actor):
        return shared
    if not auth_configured():
        name = typed_name()
        return replace(LOCAL_ACTOR, name=name) if name else LOCAL_ACTOR
    if not signed_in():
        return ANONYMOUS
    try:
        rules = role_rules()
    except ValueError:  # the [roles] section has a mistake: no one gets a role until it is fixed
        rules = RoleRules()
    return actor_from_claims(_claims(), rules)


def typed_name() -> str:
    """The name this session's local user typed ('' none): the session's, else the page address's `?reviewer=`
    (a reload starts a new session; the address keeps the name)."""
    name = str(st.session_state.get(REVIEWER_NAME) or "").strip()
    if not name and st.query_params.get("reviewer"):
        name = str(st.query_params.get("reviewer", ""))[:80].strip()
        st.session_state[REVIEWER_NAME] = name
    # Typed text: recorded in the audit trail and printed by the command line, so never a control character.
    return "".join(ch for ch in name if ch.isprintable()).strip()


def recorded_name() -> tuple[str, bool]:
    """Who a person's action (an override, a fork, a review) is recorded as, and whether it is an identity: the
    signed-in person's identity, else the name the local user typed, else the local user ('local')."""
    actor = current_actor()
    if actor.kind == "signed_in":
        return actor.id, True
    if actor.kind == "local" and typed_name():
        return typed_name(), False
    return actor.id, False


def allowed(action: Action) -> bool:
    """Whether this session's person may do `action` (pages ask before drawing its control)."""
    return can(current_actor(), action)


def act(
    action: Action,
    do: Callable[[], T],
    *,
    run_id: str = "",
    rubric: str = "",
    suite_id: str = "",
    target: Callable[[T], Target] | None = None,
    detail: str | Callable[[T], str] = "",
) -> T | None:
    """Do an action through the one check (`rubric_core.access.guard.perform`); None when it is refused.

    A refusal is recorded in the audit trail and said on the page. Errors of the action itself propagate.
    `target` names what the action made from its result (a new run) instead of run_id/rubric/suite_id.
    """

    try:
        return perform(
            store_or_stop(),
            current_actor(),
            action,
            do,
            target=target or Target(run_id=run_id, rubric_name=rubric, suite_run_id=suite_id),
            detail=detail,
        )
    except Denied as exc:
        st.error(str(exc), icon=":material/block:")
        return None


def attempt(action: Action, do: Callable[[], object], **where: Any) -> bool:
    """`act` for an action with no result worth keeping: whether it was done (False: refused)."""

    def done() -> bool:
        do()
        return True

    return act(action, done, **where) is True


def reviewer_identity() -> str | None:
    """Who a review is attributed to when signed in (the token's email, else its subject); None without sign-in."""
    actor = current_actor()
    return actor.id if actor.kind == "signed_in" and actor.id else None


# ---- a forged or replayed widget message -----------------------------------------------------------------

ACTION_WIDGETS: list[tuple[re.Pattern[str], Action]] = [
    (re.compile(p), a)  # type: ignore[misc]
    for p, a in (
        (r"run_start(_[0-9a-f]{32})?", "start"),
        (r"run_cancel", "cancel"),
        (r"run_resume", "resume"),
        (r"run_follow_go", "continue"),
        (r"steer_(go|stop)_(?P<run>[0-9a-f]+)", "steer"),
        (r"fork_go_(?P<run>[0-9a-f]+)", "fork"),
        (r"run_save_rubric", "rubric_save"),
        (r"runs_delete_(?P<run>.+)", "delete"),
        (r"runs_save_(?P<run>.+)", "tag"),
        (r"rubrics_import_go", "import"),
        (r"rubrics_save_(?P<rubric>.+)", "rubric_save"),
        (r"rubrics_keepmine_(?P<rubric>.+)", "rubric_save"),
        (r"runs_overwrite_(?P<run>.+)", "tag"),
        (r"rubrics_delete_(?P<rubric>.+)", "rubric_delete"),
        (r"suites_start", "start"),
        (r"suites_cancel", "cancel"),
        (r"suites_resume", "resume"),
        (r".+_save_prices", "prices"),
        (r"review_(pass|fail)", "review"),
        (r"review_cons_go", "consistency"),
        (r"review_s?wi_go", "what_if"),
        (r"export_go", "export"),
        (r"share_create_(?P<run>.+)", "share"),
        (r"share_revoke_(?P<link>.+)", "share"),
        (r"audit_export_go", "audit"),
    )
]
"""Widget keys of every control that does an action, and the action (a forged click on one is checked)."""
_SEEN = "access_seen_triggers"


def _fired_triggers() -> list[tuple[Any, str]]:
    """(state object, widget key) of every button press in the message that started this script run.

    Streamlit keeps what the browser sent for widgets this run has not drawn (yet) as raw protobuf values; a
    widget that is never drawn (a control hidden from this person) is dropped silently at the run's end. This
    reads them first, so a forged or replayed press of a hidden control is seen and recorded, not just lost.
    """
    from streamlit.proto.WidgetStates_pb2 import WidgetState
    from streamlit.runtime.scriptrunner import get_script_run_ctx
    from streamlit.runtime.state.common import user_key_from_element_id

    ctx = get_script_run_ctx()
    inner = getattr(getattr(ctx, "session_state", None), "_state", None)
    widgets = getattr(inner, "_new_widget_state", None)
    states = getattr(widgets, "states", None)
    if not isinstance(states, dict):
        return []
    fired = []
    for wid, wstate in list(states.items()):
        key = user_key_from_element_id(wid)
        value = getattr(wstate, "value", None)
        if key is None:
            continue
        if isinstance(value, WidgetState):
            pressed = value.WhichOneof("value") == "trigger_value" and value.trigger_value
        else:
            meta = getattr(widgets, "widget_metadata", {}).get(wid)
            pressed = value is True and getattr(meta, "value_type", "") == "trigger_value"
        if pressed:
            fired.append((wstate, key))
    return fired


def check_forged_actions() -> None:
    """Record (and say) every press of an action control this person may not use, whatever the page draws.

    Call at the top of every script run and of every fragment holding an action control: a fragment run does
    not run the page script. Each press is checked once however many of those run in one script run.
    """
    actor = current_actor()
    if not actor.id:  # not signed in: nothing is shown or stored before sign-in
        return
    seen: list[Any] = st.session_state.setdefault(_SEEN, [])
    for wstate, key in _fired_triggers():
        if any(s is wstate for s in seen):
            continue
        seen.append(wstate)
        del seen[:-50]
        for pattern, action in ACTION_WIDGETS:
            found = pattern.fullmatch(key)
            if found is None or can(actor, action):
                continue
            parts = found.groupdict()
            # The Run page's own controls act on the run in the URL of the message that pressed them.
            run_id = parts.get("run") or (str(st.query_params.get("run") or "") if key.startswith("run_") else "")

            try:
                authorize(
                    store_or_stop(),
                    actor,
                    action,
                    target=Target(run_id=run_id[:64], rubric_name=parts.get("rubric") or ""),
                    detail=f"a press of {key!r}, a control this person is not shown (a forged or replayed message)",
                )
            except Denied as exc:
                # A toast, not an element of the page: the page's layout (and its fragments' ids) stay the same.
                st.toast(str(exc), icon=":material/block:", duration="long")
            break


# ---- pages before any data: sign in, no role -------------------------------------------------------------


def _identity_line(actor: Actor, claims: dict[str, Any]) -> str:
    """'Name · email' of a signed-in person, escaped for Markdown (both come from the ID token)."""
    email = email_of(claims) or actor.id
    return f"**{md(actor.name)}** · {md(email)}" if actor.name else md(email)


def sign_in_page() -> None:
    """What a person who is not signed in sees: the app's name and the sign-in button(s), no data."""
    st.title("Rubric Studio")
    st.markdown("This dashboard is for its team only: sign in to open it.")
    for name in providers():
        label = "Sign in" if name is None else f"Sign in with {name}"
        if st.button(label, key=f"auth_sign_in_{name or 'default'}", type="primary", icon=":material/login:"):
            st.login(name) if name else st.login()


def no_role_page() -> None:
    """A signed-in person with no role: who they are, why there is nothing to see, what to ask for."""
    claims = _claims()
    actor = current_actor()
    st.title("Rubric Studio")
    st.markdown(f"Signed in as {_identity_line(actor, claims)}.")
    try:
        role_rules()
    except ValueError as exc:
        st.error(f"The dashboard's role settings have a mistake, so no one has a role yet: {md(exc)}")
    if email_unverified(claims):
        st.warning(
            "Your sign-in provider says this email address is not verified, so it is given no role. "
            "Verify it with the provider, then sign in again."
        )
    else:
        st.warning(
            "You have no role on this dashboard, so it shows you nothing. Ask an admin to add your email "
            "(or a pattern matching it) to `[roles]` in the dashboard's `.streamlit/secrets.toml`."
        )
    if st.button("Sign out", key="auth_sign_out_no_role", icon=":material/logout:"):
        st.logout()


def show_identity() -> None:
    """The sidebar's first lines: who is signed in and with which roles, or that sign-in is off."""
    actor = current_actor()
    if actor.kind == "local":
        st.caption(
            "Sign-in is off (no `[auth]` in `.streamlit/secrets.toml`): whoever opens this dashboard is its one "
            "local user, with every role. docs/SCALING.md says how to turn sign-in on for a team."
        )
        return
    with st.container(key="rs_signed_in"):  # the browser tests find who is signed in by this key
        st.markdown(f"Signed in as {_identity_line(actor, _claims())}")
        st.caption("Roles: " + ", ".join(actor.role_list))
    if st.button("Sign out", key="auth_sign_out", icon=":material/logout:"):
        st.logout()
