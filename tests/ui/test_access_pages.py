"""AppTest of sign-in and roles on every page: without [auth] one local user (and the sidebar says so); with it,
the sign-in page before anything else, and each role drawing only the controls of the actions it may do."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from rubric_core.access import PERMISSIONS, parse_roles
from rubric_core.access.audit import list_audit
from rubric_core.access.permissions import can
from rubric_core.store import open_store
from rubric_ui.session.access import ACTION_WIDGETS
from tests.core.helpers import example_config
from tests.ui.helpers import is_start
from tests.ui.test_pages import APPTEST_TIMEOUT_S, ROOT, texts

ROLES = {"admin": ["ada@example.com"], "author": ["*@example.com"], "reviewer": ["*@partner.org"], "viewer": ["*"]}
AUTH = {
    "redirect_uri": "http://127.0.0.1:9/oauth2callback",
    "cookie_secret": "x" * 32,
    "client_id": "c",
    "client_secret": "s",
    "server_metadata_url": "http://127.0.0.1:9/.well-known/openid-configuration",
}
PAGES = ["run", "runs", "rubrics", "suites", "review", "export", "audit"]


def _app(*, user: dict | None = None, auth: bool = True, **query: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=APPTEST_TIMEOUT_S)
    if auth:
        at.secrets["auth"] = AUTH
        at.secrets["roles"] = ROLES
    if user is not None:
        at.user = user
    for k, v in query.items():
        at.query_params[k] = v
    return at


def _action_keys(at: AppTest) -> set[str]:
    """Keys of every action control drawn (buttons and form submits)."""
    keys = {b.key for b in at.button if b.key}
    return {k for k in keys if any(p.fullmatch(k) for p, _ in ACTION_WIDGETS)}


def test_without_auth_the_sidebar_says_so_and_the_one_local_user_may_do_everything(home: Path) -> None:
    at = _app(auth=False)
    at.run()
    assert not at.exception
    assert "Sign-in is off" in " ".join(c.value for c in at.sidebar.caption)
    at.text_area(key="run_rubric").input("- Exactly three lines").run()
    at.text_input(key="run_rubric_name").input("local-rubric").run()
    at.button(key="run_save_rubric").click().run()
    assert "Saved local\\-rubric as version 1." in texts(at)
    store = open_store()
    try:
        rows = list_audit(store)
    finally:
        store.close()
    assert [(r["actor"], r["action"], r["outcome"], r["rubric_name"]) for r in rows] == [
        ("local", "rubric_save", "done", "local-rubric")
    ]
    at.switch_page(str(ROOT / "rubric_ui/app_pages/audit.py")).run()
    assert not at.exception and "1 action" in texts(at)


def test_with_auth_nobody_signed_in_sees_only_the_sign_in_page(home: Path) -> None:
    at = _app(user={"is_logged_in": False}, run="0" * 32)
    at.run()
    assert not at.exception
    assert [b.label for b in at.button] == ["Sign in"]
    assert len(at.sidebar) == 0 and "sign in to open it" in texts(at)


@pytest.fixture
def stored_run(home: Path) -> str:
    """A finished offline run in the store (so the run views draw their controls)."""
    from rubric_core.engine import Engine

    engine = Engine(home)
    store = open_store()
    try:
        handle = engine.execute(example_config("haiku"), subscribers=[store.record])
        return handle.run_id
    finally:
        store.close()


@pytest.mark.parametrize(
    ("email", "roles"),
    [
        ("ada@example.com", {"admin", "author", "viewer"}),
        ("aldo@example.com", {"author", "viewer"}),
        ("rita@partner.org", {"reviewer", "viewer"}),
        ("vic@elsewhere.net", {"viewer"}),
    ],
)
def test_each_role_draws_only_the_controls_of_its_actions_on_every_page(
    stored_run: str, email: str, roles: set[str]
) -> None:
    from rubric_core.access import actor_from_claims

    actor = actor_from_claims({"email": email, "sub": email}, parse_roles(ROLES))
    assert set(actor.roles) == roles
    drawn: set[str] = set()
    for name in ["new run", *PAGES]:  # the Run page with no run (its editor), then every page on the stored run
        query = {} if name == "new run" else {"run": stored_run}
        at = _app(user={"is_logged_in": True, "email": email, "sub": email, "name": email}, **query)
        at.run()
        if name not in ("run", "new run"):
            try:
                at.switch_page(str(ROOT / f"rubric_ui/app_pages/{name}.py"))
            except ValueError:  # not in this person's navigation: only pages whose purpose is an action they lack
                assert (name, can(actor, "export" if name == "export" else "audit")) in {
                    ("export", False),
                    ("audit", False),
                }
                continue
            at.run()
        assert not at.exception, (name, at.exception)
        drawn |= _action_keys(at)
    for key in drawn:
        action = next(a for p, a in ACTION_WIDGETS if p.fullmatch(key))
        assert can(actor, action), f"{email} was shown {key!r} ({action})"
    # And the actions a role has are offered somewhere (the pages drawn without a selection).
    if "author" in roles:
        assert {"run_save_rubric", "export_go"} <= drawn and any(is_start(k) for k in drawn)
    if "reviewer" in roles or "admin" in roles:
        assert {"review_pass", "review_fail", "review_cons_go", "review_wi_go"} <= drawn
    if "admin" in roles:
        assert "audit_export_go" in drawn
    if roles == {"viewer"}:
        assert drawn == set()
    assert set(PERMISSIONS)  # the table is what the drawn controls were checked against


def test_a_replayed_press_from_a_person_with_no_role_is_recorded(
    home: Path, stored_run: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """It did nothing but left no audit row, though docs/SCALING.md says every denied action is recorded."""
    from rubric_ui.session import access

    pressed = object()  # one press: what the message that started this script run carried
    monkeypatch.setattr(access, "_fired_triggers", lambda: [(pressed, f"runs_delete_{stored_run}")])
    at = _app(user={"is_logged_in": True, "email": "nora@nowhere.org", "sub": "nora", "name": "Nora"})
    at.secrets["roles"] = {"admin": ["ada@example.com"]}
    at.run()
    assert not at.exception and "You have no role on this dashboard" in texts(at)
    store = open_store()
    try:
        rows = [r for r in list_audit(store) if r["actor"] == "nora@nowhere.org"]
        assert [(r["action"], r["outcome"], r["run_id"]) for r in rows] == [("delete", "denied", stored_run)]
        assert store.get_run(stored_run) is not None
    finally:
        store.close()


def test_the_sign_in_page_answers_at_every_page_path_of_the_app() -> None:
    """Issue 33 item 16: the sign-in (and no-role) page is drawn under every page's path, so a link to any page
    opened before sign-in finds it; the list cannot miss a page added to the navigation."""
    import re

    from rubric_ui.app import APP_PATHS

    source = (ROOT / "rubric_ui" / "app.py").read_text(encoding="utf-8")
    named = set(re.findall(r'url_path="(\w+)"', source)) - {"signin", "norole", "shared"}
    assert named and named == set(APP_PATHS)
