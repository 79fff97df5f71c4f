"""A team server in real Chromium: OIDC sign-in against a real provider on 127.0.0.1 (oidc-provider-mock), roles
from [roles], the server-side check of every action (a replayed widget message included), reviews attributed
to the signed-in person, the audit trail, share links, session keys, sign-out, and names from ID tokens
escaped wherever they are shown.

One app server and one provider for the module; each person signs in through the provider's own login form
in a browser context of their own.
"""

from __future__ import annotations

import csv
import io
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rubric_core.access import AuditFilter, share
from rubric_core.access import audit as audit_log
from rubric_core.store import judge as judge_store
from rubric_core.words import counted
from tests.browser.helpers import (
    click_cancel,
    open_server_store,
    planted,
    start_example,
    wait_app_idle,
    wait_run_status,
    watched_page,
)
from tests.browser.oidc import free_port, run_provider, sign_out, write_secrets
from tests.browser.server import AppServer
from tests.browser.team_steps import WsTap, goto, main_text, open_as, pressing, select_run, sidebar_text
from tests.core.helpers import run_cli

SHARE_KEY = "team-tests-share-signing-key-0123456789"
XSS_NAME = "<img src=x onerror=window.__xss=1> [click](javascript:alert(1)) **Rita**"
XSS_EMAIL = "rita+<img src=x onerror=window.__xss=2>@partner.org"
USERS: dict[str, dict[str, Any]] = {
    "ada": {"email": "ada@example.com", "name": "Ada Admin", "email_verified": True},
    "aldo": {"email": "aldo@example.com", "name": "Aldo Author"},
    "rita": {"email": XSS_EMAIL, "name": XSS_NAME},
    "vic": {"email": "vic@elsewhere.net", "name": "Vic Viewer"},
    "nora": {"email": "nora@nowhere.org", "name": "Nora Nobody"},
    "mal": {"email": "lead@example.com", "name": "Mal", "email_verified": False},
}
ROLES = {
    "admin": ["ada@example.com"],
    "author": ["*@example.com"],
    "reviewer": ["*@partner.org"],
    "viewer": ["vic@elsewhere.net"],
}


@pytest.fixture(scope="module")
def provider() -> Iterator[Any]:
    with run_provider() as p:
        for sub, claims in USERS.items():
            p.set_user(sub, claims)
        yield p


@pytest.fixture(scope="module")
def team(provider, tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    home = tmp_path_factory.mktemp("team-home")
    port = free_port()  # the redirect URI names the app's port before the app starts
    secrets_file = write_secrets(home / "secrets.toml", port=port, provider=provider, roles=ROLES, share_key=SHARE_KEY)
    server = AppServer(home / "app", gated=True, port=port, args=["--secrets.files", str(secrets_file)])
    yield server
    server.gates.release_all()
    server.stop()


@pytest.fixture(scope="module")
def runs(team: AppServer) -> dict[str, str]:
    """Two stored offline runs with different tasks (made by the command line in the app's data directory)."""
    ids = {}
    for example in ("haiku", "photosynthesis"):
        out = run_cli("run", "--example", example, "--jsonl", env={"RUBRIC_STUDIO_HOME": str(team.home)})
        assert out.returncode == 0, out.stderr
        ids[example] = json.loads(out.stdout.splitlines()[0])["run_id"]
    return ids


@pytest.fixture
def browsers(browser) -> Iterator[list[Any]]:
    """Pages opened by a test (closed after it)."""
    pages: list[Any] = []
    yield pages
    for page in pages:
        page.context.close()


def _as(browser, team: AppServer, pages: list[Any], sub: str, **kw: Any) -> Any:
    page = open_as(browser, team, sub, **kw)
    pages.append(page)
    return page


def _rows(team: AppServer, **flt: Any) -> list[dict[str, Any]]:
    with open_server_store(team) as store:
        return list(reversed(audit_log.list_audit(store, AuditFilter(**flt), limit=1000)))


def _wait_rows(page: Any, team: AppServer, check: Any, **flt: Any) -> list[dict[str, Any]]:
    """Until the audit trail has rows matching `flt` that satisfy `check` (the page keeps its events flowing)."""
    deadline = time.monotonic() + 120
    while True:
        rows = _rows(team, **flt)
        if check(rows):
            return rows
        assert time.monotonic() < deadline, f"the audit trail never showed {flt}: {rows}"
        page.wait_for_timeout(50)  # lets the page's websocket handlers run while the store is polled


def _nav(page: Any) -> str:
    nav = page.locator("[data-testid='stSidebarNav']")
    return str(nav.inner_text()) if nav.count() else ""


# ---- sign-in, roles, sign-out ---------------------------------------------------------------------------


def test_sign_in_as_each_role_shows_who_and_their_pages_and_sign_out_ends_it(browser, team, runs, browsers) -> None:
    seen = {}
    for sub in ("ada", "aldo", "rita", "vic"):
        page = _as(browser, team, browsers, sub)
        who = page.locator(".st-key-rs_signed_in")
        who.wait_for()
        seen[sub] = (who.inner_text(), _nav(page))
    assert "Ada Admin" in seen["ada"][0] and "Roles: admin, author" in seen["ada"][0]
    assert "Aldo Author" in seen["aldo"][0] and "Roles: author" in seen["aldo"][0]
    assert "Roles: reviewer" in seen["rita"][0] and "Vic Viewer" in seen["vic"][0] and "Roles: viewer" in seen["vic"][0]
    # The name and the email from the ID token, shown as text (no live element planted by them).
    assert XSS_NAME in seen["rita"][0]
    assert XSS_EMAIL in seen["rita"][0]
    assert planted(browsers[2]) == [] and browsers[2].dialogs == []
    # Pages per role: the audit trail for admins, Export for those who may export.
    assert "Audit" in seen["ada"][1] and "Export" in seen["ada"][1]
    assert "Audit" not in seen["aldo"][1] and "Export" in seen["aldo"][1]
    for sub in ("rita", "vic"):
        assert "Audit" not in seen[sub][1] and "Export" not in seen[sub][1] and "Runs" in seen[sub][1]

    ada = browsers[0]
    sign_out(ada)
    assert "_streamlit_user" not in {c["name"] for c in ada.context.cookies()}
    goto(ada, f"{team.url}/runs")  # a new session after sign-out: the sign-in page, nothing else
    ada.get_by_role("button", name="Sign in", exact=True).wait_for()
    assert sidebar_text(ada) == "" and "Write a haiku" not in main_text(ada)


def test_a_signed_in_person_with_no_role_or_an_unverified_email_gets_a_clear_page_and_no_data(
    browser, team, runs, browsers
) -> None:
    nora = _as(browser, team, browsers, "nora")
    nora.get_by_text("You have no role on this dashboard", exact=False).wait_for()
    assert "Nora Nobody" in main_text(nora) and "nora@nowhere.org" in main_text(nora)
    goto(nora, f"{team.url}/runs")  # any page: the same, and no run
    nora.get_by_text("You have no role on this dashboard", exact=False).wait_for()
    goto(nora, f"{team.url}/?run={runs['haiku']}&view=present")
    nora.get_by_text("You have no role on this dashboard", exact=False).wait_for()
    assert sidebar_text(nora) == "" and _nav(nora) == ""
    assert "spring" not in main_text(nora).lower() and runs["haiku"] not in main_text(nora)
    # lead@example.com would be an author, but the provider says the address is not verified: no role.
    mal = _as(browser, team, browsers, "mal")
    mal.get_by_text("not verified", exact=False).wait_for()
    assert _nav(mal) == ""


# ---- each role's actions --------------------------------------------------------------------------------


def test_each_role_may_do_its_actions_and_no_more(browser, team, runs, browsers) -> None:
    haiku = runs["haiku"]
    # A viewer reads everything and is offered no action.
    vic = _as(browser, team, browsers, "vic")
    vic.get_by_text("Your role reads runs but does not start them", exact=False).wait_for()
    assert vic.get_by_role("button", name="Start run").count() == 0
    select_run(vic, team, "spring", haiku)
    text = main_text(vic)
    assert "Final output" in text
    for control in ("Save tags and note", "Delete run", "Share a read-only link"):
        assert control not in text, control
    goto(vic, f"{team.url}/review?run={haiku}")
    vic.get_by_text("Cell 1 of", exact=False).wait_for()
    assert vic.get_by_role("button", name="Pass").count() == 0 and vic.get_by_label("Reviewer name").count() == 0
    goto(vic, f"{team.url}/rubrics")
    assert vic.get_by_text("Import a rubric file").count() == 0

    # An author starts, tags and annotates; may not delete (admin only) or review (reviewer).
    aldo = _as(browser, team, browsers, "aldo")
    started = start_example(aldo, team, "report")
    wait_run_status(team, started, {"satisfied", "max_iterations_reached", "failed", "grader_error"})
    select_run(aldo, team, "spring", haiku)
    assert aldo.get_by_role("button", name="Delete run").count() == 0
    aldo.get_by_label("Tags (comma separated)").fill("demo, team")
    aldo.get_by_label("Note").fill("shown to the board")
    aldo.get_by_role("button", name="Save tags and note").click()
    aldo.get_by_text("Saved.", exact=True).wait_for()
    goto(aldo, f"{team.url}/review?run={haiku}")
    aldo.get_by_text("Cell 1 of", exact=False).wait_for()
    assert aldo.get_by_role("button", name="Pass").count() == 0

    # An admin deletes.
    ada = _as(browser, team, browsers, "ada")
    select_run(ada, team, "status report", started)
    ada.get_by_role("button", name="Delete run…").click()  # asks first (issue 40 item 2)
    ada.get_by_text("this cannot be undone", exact=False).wait_for()
    wait_app_idle(ada)
    ada.get_by_role("button", name="Delete it").click()
    ada.get_by_text("Click a run to open it.", exact=False).wait_for()  # the selection went with the run

    with open_server_store(team) as store:
        assert store.get_run(started) is None
        run = store.get_run(haiku)
        assert (run["tags"], run["note"]) == (["demo", "team"], "shown to the board")
    rows = [(r["actor"], r["action"], r["outcome"], r["run_id"]) for r in _rows(team, outcome="done")]
    assert ("aldo@example.com", "start", "done", started) in rows
    assert ("aldo@example.com", "tag", "done", haiku) in rows and ("aldo@example.com", "note", "done", haiku) in rows
    assert ("ada@example.com", "delete", "done", started) in rows
    assert not [r for r in rows if r[0] == "vic@elsewhere.net"]


def test_reviews_are_attributed_to_the_signed_in_reviewer_and_names_are_escaped(browser, team, runs, browsers) -> None:
    haiku = runs["haiku"]
    rita = _as(browser, team, browsers, "rita")
    goto(rita, f"{team.url}/review?run={haiku}")
    rita.get_by_text("Cell 1 of", exact=False).wait_for()
    assert rita.get_by_label("Reviewer name").count() == 0  # no name to type: the ID token says who reviews
    assert XSS_EMAIL in sidebar_text(rita)
    rita.get_by_role("button", name="Pass").click()
    rita.get_by_text("Cell 2 of", exact=False).wait_for()
    with open_server_store(team) as store:
        reviews = judge_store.review_history(store, haiku)
    assert [(r["iteration"], r["passed"], r["reviewer"]) for r in reviews] == [(0, True, XSS_EMAIL)]
    # Shown back as text: the queue's "Reviewed ... by", the agreement's disagreements, the audit trail.
    wait_app_idle(rita)
    rita.get_by_role("button", name="Back").click()
    rita.get_by_text("Reviewed:", exact=False).wait_for()
    assert f"by {XSS_EMAIL}" in main_text(rita)
    rita.get_by_role("tab", name="Agreement").click()
    rita.get_by_text("Disagreements (1)", exact=False).wait_for()
    assert XSS_EMAIL in main_text(rita)
    assert planted(rita) == [] and rita.dialogs == []
    review_rows = _rows(team, action="review")
    assert [(r["actor"], r["actor_name"], r["outcome"], r["run_id"]) for r in review_rows] == [
        (XSS_EMAIL, XSS_NAME, "done", haiku)
    ]


# ---- a replayed widget message --------------------------------------------------------------------------


def test_a_replayed_press_of_a_hidden_button_does_nothing_and_is_recorded(browser, team, runs, browsers) -> None:
    target = runs["photosynthesis"]
    # The admin's Delete press, captured on its way and held back (so the admin's own delete never happens).
    ada_tap = WsTap()
    ada = _as(browser, team, browsers, "ada", tap=ada_tap)
    select_run(ada, team, "photosynthesis", target)
    ada.get_by_role("button", name="Delete run…").click()
    ada.get_by_text("this cannot be undone", exact=False).wait_for()
    wait_app_idle(ada)
    ada_tap.hold = pressing(f"runs_delete_{target}")
    ada.get_by_role("button", name="Delete it").click()
    while not ada_tap.held:
        ada.wait_for_timeout(20)  # pumps the page's events until the press reached the tap
    # The author's page has no Delete button; the same message sent from it is refused and recorded.
    aldo_tap = WsTap()
    aldo = _as(browser, team, browsers, "aldo", tap=aldo_tap)
    goto(aldo, f"{team.url}/runs")
    aldo_tap.inject(ada_tap.held[0])
    aldo.get_by_text("Not allowed: to delete runs you need the admin role", exact=False).wait_for()
    denied = _wait_rows(aldo, team, bool, actor="aldo@example.com", action="delete")
    assert [(r["outcome"], r["run_id"]) for r in denied] == [("denied", target)]
    assert "forged or replayed" in denied[0]["detail"]
    with open_server_store(team) as store:
        assert store.get_run(target) is not None  # nothing happened
    assert not _rows(team, action="delete", run_id=target, outcome="done")
    # From a signed-in person with no role (their page shows nothing): refused and recorded all the same.
    nora_tap = WsTap()
    nora = _as(browser, team, browsers, "nora", tap=nora_tap)
    nora.get_by_text("You have no role on this dashboard", exact=False).wait_for()
    nora_tap.inject(ada_tap.held[0])
    nobody = _wait_rows(nora, team, bool, actor="nora@nowhere.org", action="delete")
    assert [(r["outcome"], r["run_id"]) for r in nobody] == [("denied", target)]
    with open_server_store(team) as store:
        assert store.get_run(target) is not None

    # The same for a control inside a polling fragment (a fragment run does not run the page script): the
    # author's Cancel of a live run, replayed from a viewer's page of the same run.
    team.gates.arm()
    aldo_tap.hold = None
    live = start_example(aldo, team, "lipogram")  # not a haiku: "spring" stays one run's word for select_run
    aldo_tap.hold = pressing("run_cancel")
    click_cancel(aldo)
    while not aldo_tap.held:
        aldo.wait_for_timeout(20)
    vic_tap = WsTap()
    vic = _as(browser, team, browsers, "vic", tap=vic_tap)
    goto(vic, f"{team.url}/run?run={live}")
    vic.locator(".rs-progress").first.wait_for()
    assert vic.locator(".st-key-run_cancel").count() == 0
    vic_tap.inject(aldo_tap.held[0])
    cancel = _wait_rows(vic, team, bool, actor="vic@elsewhere.net", action="cancel")
    assert [(r["outcome"], r["run_id"]) for r in cancel] == [("denied", live)]
    with open_server_store(team) as store:
        assert store.get_run(live)["status"] == "running"  # not cancelled
        assert store.engine.connect().exec_driver_sql("SELECT COUNT(*) FROM run_requests").scalar() == 0
    team.gates.release_all()
    wait_run_status(team, live, {"satisfied", "max_iterations_reached"})


# ---- share links ----------------------------------------------------------------------------------------


def test_a_share_link_opens_its_run_and_nothing_else_until_revoked_or_expired(browser, team, runs, browsers) -> None:
    haiku, other = runs["haiku"], runs["photosynthesis"]
    aldo = _as(browser, team, browsers, "aldo")
    select_run(aldo, team, "spring", haiku)
    aldo.get_by_text("Share a read-only link", exact=True).click()
    # Connected and idle before the press (seen in CI under load: the press left no link and no audit row).
    wait_app_idle(aldo)
    aldo.get_by_role("button", name="Create link").click()
    code = aldo.locator("[class*='st-key-rs_share_'] [data-testid='stCode']").first
    code.wait_for()
    url = code.inner_text().strip()
    assert url.startswith(f"{team.url}/?share=")
    token = url.split("share=", 1)[1]

    # Anyone with the link, not signed in: that run's Present view and nothing else.
    stranger = browser.new_context(viewport={"width": 1440, "height": 1000})
    browsers.append(watched_page(stranger))
    guest = browsers[-1]
    for address in (url, f"{url}&run={other}", f"{team.url}/runs?share={token}&run={other}&view=present"):
        goto(guest, address)
        guest.locator(".st-key-rs_shared_run").wait_for()
        text = main_text(guest)
        assert "spring" in text.lower() and "photosynthesis" not in text.lower(), address
        assert "Back to Rubric Studio" not in text and "Sign in" not in text
        assert guest.locator("[data-testid='stSidebar']:visible").count() == 0
        assert _nav(guest) == "" and guest.get_by_text("API keys for this session").count() == 0
        assert guest.get_by_role("button", name="Delete run").count() == 0
    assert guest.get_by_role("button", name="Download HTML report").count() == 1
    # A changed token is not a link.
    goto(guest, url[:-3] + ("AAA" if not url.endswith("AAA") else "BBB"))
    guest.get_by_text("This share link is not valid", exact=False).wait_for()

    # Revoked: the link says so, and shows nothing of the run.
    select_run(aldo, team, "spring", haiku)
    aldo.get_by_text("Share a read-only link", exact=True).click()
    # Connected and idle before the press, as for Create link (seen in CI under load: the press was lost).
    wait_app_idle(aldo)
    revoked = aldo.get_by_text("Revoked · created by aldo@example.com", exact=False)
    for attempt in range(3):
        # The press is made again only while the page still offers it and shows no revocation: in a clean-clone run
        # at load 10 on 2 cores the press was lost once (no rerun came), though the app was idle before it.
        aldo.locator("[class*='st-key-share_revoke_'] button").first.click()
        try:
            revoked.wait_for(timeout=40_000)
            break
        except Exception:
            if attempt == 2 or aldo.locator("[class*='st-key-share_revoke_'] button").count() == 0:
                raise
            wait_app_idle(aldo)
    goto(guest, url)
    guest.get_by_text("This share link was revoked on", exact=False).wait_for()
    assert "spring" not in main_text(guest).lower()

    # Expired (made with an expiry in the past: no test waits for a clock): the link says so.
    with open_server_store(team) as store:
        key = share.signing_key(SHARE_KEY, None)
        old = share.create_link(store, key, run_id=haiku, created_by="aldo@example.com", expires_at=time.time() - 60)
    goto(guest, f"{team.url}/?share={old['token']}")
    guest.get_by_text("This share link expired on", exact=False).wait_for()
    assert "spring" not in main_text(guest).lower()
    shares = [(r["actor"], r["outcome"], r["detail"].split(" ")[0]) for r in _rows(team, action="share")]
    assert shares == [("aldo@example.com", "done", "created"), ("aldo@example.com", "done", "revoked")]


# ---- the audit trail ------------------------------------------------------------------------------------


def test_an_admin_reads_and_exports_the_audit_trail_and_others_cannot(browser, team, runs, browsers) -> None:
    aldo = _as(browser, team, browsers, "aldo")
    goto(aldo, f"{team.url}/audit")  # not in the author's navigation: the app's first page instead
    assert "Audit" not in main_text(aldo).split("\n")[0]
    ada = _as(browser, team, browsers, "ada")
    goto(ada, f"{team.url}/audit")
    ada.locator(".st-key-rs_audit_table table.rs-audit").wait_for()
    total = len(_rows(team))
    ada.get_by_text(f"{counted(total, 'action')} · page 1", exact=False).wait_for()
    ada.get_by_role("button", name="Prepare export").click()
    with ada.expect_download() as info:
        ada.get_by_role("button", name="Download the audit trail", exact=False).click()
    rows = list(csv.DictReader(io.StringIO(Path(info.value.path()).read_text(encoding="utf-8"))))
    assert len(rows) == total and {r["outcome"] for r in rows} >= {"done"}
    assert _rows(team, action="audit")[-1]["actor"] == "ada@example.com"
    # No secret in the trail: not the share key, not the cookie secret, not a session key.
    everything = json.dumps(_rows(team))
    assert SHARE_KEY not in everything and "cookie_secret" not in everything


# ---- session keys ---------------------------------------------------------------------------------------


def test_session_api_keys_stay_with_the_person_who_typed_them(browser, team, runs, browsers) -> None:
    aldo = _as(browser, team, browsers, "aldo")
    aldo.get_by_text("API keys for this session", exact=True).click()
    field = aldo.get_by_label("OpenAI (OPENAI_API_KEY) · not configured", exact=True)
    field.wait_for()
    # Typed only while no script run is in flight: a run already drawing would redraw the field with the value the
    # server knew, and the typed key would be gone before Enter sends it (as set_textarea does).
    wait_app_idle(aldo)
    field.fill("sk-aldo-only-4711")
    field.press("Enter")
    wait_app_idle(aldo)
    # Another page of the same session (the sidebar says what the session's keys were when it was drawn).
    aldo.locator("[data-testid='stSidebarNav']").get_by_text("Runs", exact=True).click()
    aldo.locator("[data-testid='stSidebar']").get_by_text("OpenAI: key configured", exact=False).wait_for()
    ada = _as(browser, team, browsers, "ada")
    ada.locator("[data-testid='stSidebar']").get_by_text("OpenAI: no key", exact=False).wait_for()
    ada.get_by_text("API keys for this session", exact=True).click()
    ada.get_by_label("OpenAI (OPENAI_API_KEY) · not configured", exact=True).wait_for()
    with open_server_store(team) as store:
        dump = json.dumps(audit_log.list_audit(store, limit=10_000))
    assert "sk-aldo-only-4711" not in dump
    assert "sk-aldo-only-4711" not in team.log.read_text(encoding="utf-8")


def _fresh(browser, pages: list[Any]) -> Any:
    """A new browser (context), not signed in."""
    from tests.browser.helpers import PAGE_RECORDER_JS, STEP_TIMEOUT_MS
    from tests.browser.oidc import only_loopback

    context = browser.new_context(viewport={"width": 1440, "height": 1000})
    context.add_init_script(PAGE_RECORDER_JS)
    context.set_default_timeout(STEP_TIMEOUT_MS)
    only_loopback(context)
    page = watched_page(context)
    pages.append(page)
    return page


def test_a_link_opened_before_sign_in_leads_there_after_sign_in(browser, team, runs, browsers) -> None:
    """Issue 33 item 16: /runs before sign-in showed Streamlit's "Page not found" over the sign-in page, and after
    sign-in the person landed on the first page, not where the link pointed. Both links are kept now."""
    from tests.browser.oidc import sign_in

    page = _fresh(browser, browsers)
    page.goto(f"{team.url}/runs")
    page.get_by_role("button", name="Sign in", exact=True).wait_for()
    wait_app_idle(page)
    assert "Page not found" not in page.locator("body").inner_text()
    sign_in(page, team.url, "aldo")
    page.wait_for_function("() => location.pathname.endsWith('/runs')")
    page.get_by_role("heading", name="Runs").wait_for()
    assert "Page not found" not in page.locator("body").inner_text()

    page = _fresh(browser, browsers)
    run_id = runs["haiku"]
    page.goto(f"{team.url}/?run={run_id}")
    page.get_by_role("button", name="Sign in", exact=True).wait_for()
    sign_in(page, team.url, "vic")
    page.wait_for_url(f"**run={run_id}*")
    page.get_by_text(f"Run {run_id}", exact=False).wait_for()
