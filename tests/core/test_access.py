"""Team-server access in the core: roles from [roles], the permission table, the one check, the audit trail and
share links, on SQLite and PostgreSQL (the `db_url` fixture)."""

from __future__ import annotations

import csv
import io
import json
import time

import pytest

from rubric_core.access import (
    LOCAL_ACTOR,
    PERMISSIONS,
    Actor,
    Denied,
    RolesConfigError,
    Target,
    actor_from_claims,
    audit,
    can,
    parse_roles,
    perform,
    share,
)
from rubric_core.access.permissions import ACTION_LABELS
from rubric_core.store import Store

RULES = parse_roles(
    {
        "admin": ["lead@example.com"],
        "author": ["*@example.com"],
        "reviewer": ["qa-team@example.com", "ann@partner.org"],
        "viewer": "*",
    }
)
KEY = share.signing_key("a-share-signing-key-for-the-tests", None)


def insert_run(store: Store) -> str:
    """A stored run (its start event only): enough to tag, share and delete."""
    import uuid

    from rubric_core.events import RunEvent

    cfg = {"task": "t", "rubric": "- a", "model": "offline:writer", "grader": "offline:grader"}
    run_id = uuid.uuid4().hex
    store.record(
        RunEvent(run_id=run_id, seq=0, type="run_started", at=time.time(), data={"config": cfg, "mode": "start"})
    )
    return run_id


def _actor(email: str, **claims: object) -> Actor:
    return actor_from_claims({"sub": email.split("@")[0], "email": email, **claims}, RULES)


def test_a_person_holds_the_union_of_the_roles_whose_patterns_match_their_email() -> None:
    assert _actor("lead@example.com").role_list == ["admin", "author", "viewer"]
    assert _actor("QA-Team@Example.com").role_list == ["author", "reviewer", "viewer"]  # emails match in any case
    assert _actor("ann@partner.org").role_list == ["reviewer", "viewer"]
    assert _actor("someone@elsewhere.net").role_list == ["viewer"]
    assert parse_roles({"author": ["*@example.com"]}).roles_for("eve@example.com.evil.net") == frozenset()
    assert parse_roles({"author": ["*@example.com"]}).roles_for("") == frozenset()
    # No [roles] at all: no one has a role (nothing is readable by default).
    assert parse_roles(None).roles_for("lead@example.com") == frozenset()


def test_an_unverified_email_gets_no_role_and_a_token_without_email_is_audited_by_subject() -> None:
    assert _actor("lead@example.com", email_verified=False).roles == frozenset()
    assert _actor("lead@example.com", email_verified=True).role_list == ["admin", "author", "viewer"]
    nameless = actor_from_claims({"sub": "x1", "iss": "https://id.example.com"}, RULES)
    assert (nameless.id, nameless.roles) == ("x1@https://id.example.com", frozenset())


@pytest.mark.parametrize(
    ("section", "fragment"),
    [
        ({"owner": ["a@example.com"]}, "unknown role 'owner'"),
        ({"author": [1, 2]}, "must be a list of email patterns"),
        ({"author": {"a": 1}}, "must be a list of email patterns"),
    ],
)
def test_a_bad_roles_section_is_refused_with_the_fix(section: dict, fragment: str) -> None:
    with pytest.raises(RolesConfigError, match=fragment):
        parse_roles(section)


def test_the_permission_table() -> None:
    table = {action: sorted(roles) for action, roles in PERMISSIONS.items()}
    assert table == {
        "start": ["admin", "author"],
        "cancel": ["admin", "author"],
        "resume": ["admin", "author"],
        "continue": ["admin", "author"],
        "steer": ["admin", "author"],
        "fork": ["admin", "author"],
        "tag": ["admin", "author"],
        "note": ["admin", "author"],
        "rubric_save": ["admin", "author"],
        "import": ["admin", "author"],
        "export": ["admin", "author"],
        "prices": ["admin", "author"],
        "share": ["admin", "author"],
        "review": ["admin", "reviewer"],
        "consistency": ["admin", "reviewer"],
        "what_if": ["admin", "reviewer"],
        "draft": ["admin", "author"],
        "diagnose": ["admin", "author", "reviewer"],
        "prove": ["admin", "author", "reviewer"],
        "accept": ["admin", "author"],
        "delete": ["admin"],
        "rubric_delete": ["admin"],
        "audit": ["admin"],
    }
    assert set(ACTION_LABELS) == set(PERMISSIONS)
    viewer = _actor("someone@elsewhere.net")
    assert not any(can(viewer, a) for a in PERMISSIONS)  # a viewer reads only
    assert all(can(LOCAL_ACTOR, a) for a in PERMISSIONS)  # no sign-in: the one local user may do everything


def test_every_action_goes_through_one_check_that_records_what_it_let_through_and_what_it_refused(
    db_url: str, store: Store
) -> None:
    run_id = insert_run(store)
    author, viewer = _actor("ann@example.com"), _actor("vic@elsewhere.net", name="<b>Vic</b>")
    done = []
    perform(store, author, "tag", lambda: done.append("tagged"), target=Target(run_id=run_id), detail="tags: a, b")
    with pytest.raises(Denied, match="to delete runs you need the admin role \\(you have author, viewer\\)"):
        perform(store, author, "delete", lambda: done.append("deleted"), target=Target(run_id=run_id))
    with pytest.raises(Denied, match="you need the author or admin role"):
        perform(store, viewer, "tag", lambda: done.append("tagged by viewer"), target=Target(run_id=run_id))
    version = perform(store, author, "rubric_save", lambda: 3, target=Target(rubric_name="r"), detail=lambda v: f"v{v}")
    assert done == ["tagged"] and version == 3
    rows = audit.list_audit(store)
    assert [(r["actor"], r["action"], r["outcome"], r["run_id"], r["rubric_name"], r["detail"]) for r in rows] == [
        ("ann@example.com", "rubric_save", "done", "", "r", "v3"),
        ("vic@elsewhere.net", "tag", "denied", run_id, "", ""),
        ("ann@example.com", "delete", "denied", run_id, "", ""),
        ("ann@example.com", "tag", "done", run_id, "", "tags: a, b"),
    ]
    assert rows[1]["actor_name"] == "<b>Vic</b>" and rows[1]["roles"] == "viewer"
    assert audit.count_audit(store, audit.AuditFilter(outcome="denied")) == 2
    assert [r["action"] for r in audit.list_audit(store, audit.AuditFilter(actor="ann@example.com"), limit=2)] == [
        "rubric_save",
        "delete",
    ]
    # The trail outlives the run it speaks of.
    store.delete_run(run_id)
    assert audit.count_audit(store, audit.AuditFilter(run_id=run_id)) == 3


def test_an_action_that_fails_records_nothing(db_url: str, store: Store) -> None:
    def boom() -> None:
        raise ValueError("no")

    with pytest.raises(ValueError, match="no"):
        perform(store, LOCAL_ACTOR, "start", boom)
    assert audit.list_audit(store) == []


def test_the_audit_export_pages_the_whole_trail_and_defuses_spreadsheet_formulas(db_url: str, store: Store) -> None:
    evil = Actor(kind="signed_in", id="eve@example.com", name='=HYPERLINK("http://x")', roles=frozenset())
    for n in range(5):
        audit.record(store, evil, "export", outcome="denied", detail=f"try {n}")
    assert [r["detail"] for r in audit.iter_audit(store, batch=2)] == [f"try {n}" for n in range(5)]
    data, count = audit.export_audit(store, "csv")
    rows = list(csv.DictReader(io.StringIO(data.decode())))
    assert count == 5 and rows[0]["actor_name"] == '\'=HYPERLINK("http://x")' and rows[0]["outcome"] == "denied"
    lines = [json.loads(line) for line in audit.export_audit(store, "jsonl")[0].decode().splitlines()]
    assert lines[-1]["detail"] == "try 4" and lines[-1]["at"].endswith("+00:00")


def test_a_share_link_opens_its_run_until_it_is_revoked_or_expires(db_url: str, store: Store) -> None:
    run_id, other = insert_run(store), insert_run(store)
    link = share.create_link(store, KEY, run_id=run_id, created_by="ann@example.com", expires_at=time.time() + 3600)
    ok = share.check_token(store, KEY, link["token"])
    assert (ok.status, ok.run_id) == ("ok", run_id)
    # Nothing that opens a link is stored: not the token, not the key.
    with store.engine.connect() as conn:
        stored = [str(v) for row in conn.exec_driver_sql("SELECT * FROM share_links").all() for v in row]
    assert not any(link["token"] in v or link["token"].split(".")[2] in v for v in stored)
    # Another key (another server's secret), a changed expiry, a changed signature: not valid.
    other_key = share.signing_key("another-secret-entirely-1234", None)
    assert share.check_token(store, other_key, link["token"]).status == "invalid"
    link_id, expires, signature = link["token"].split(".")
    assert share.check_token(store, KEY, f"{link_id}.{int(expires) + 86400}.{signature}").status == "invalid"
    altered = signature[:-1] + ("B" if signature.endswith("A") else "A")  # never the same signature again
    assert share.check_token(store, KEY, f"{link_id}.{expires}.{altered}").status == "invalid"
    assert share.check_token(store, KEY, "garbage").status == "invalid"
    # A row moved to another run does not open that run: the signature names the run.
    with store._write() as conn, conn.begin():
        conn.exec_driver_sql(f"UPDATE share_links SET run_id = '{other}' WHERE id = '{link_id}'")
    assert share.check_token(store, KEY, link["token"]).status == "invalid"
    with store._write() as conn, conn.begin():
        conn.exec_driver_sql(f"UPDATE share_links SET run_id = '{run_id}' WHERE id = '{link_id}'")
    assert share.check_token(store, KEY, link["token"], now=link["expires_at"]).status == "expired"
    assert share.revoke_link(store, link_id, revoked_by="lead@example.com") is True
    assert share.revoke_link(store, link_id, revoked_by="lead@example.com") is False
    revoked = share.check_token(store, KEY, link["token"])
    assert revoked.status == "revoked" and revoked.message.startswith("This share link was revoked on ")
    assert [(r["id"], r["revoked_by"]) for r in share.list_links(store, run_id)] == [(link_id, "lead@example.com")]
    assert share.token_for(KEY, share.list_links(store, run_id)[0]) == link["token"]
    # A deleted run takes its links with it.
    store.delete_run(run_id)
    assert share.check_token(store, KEY, link["token"]).status == "gone"


def test_share_links_need_a_signing_key_of_some_length() -> None:
    with pytest.raises(share.ShareConfigError, match=r"signing_key under \[share\]"):
        share.signing_key(None, "")
    with pytest.raises(share.ShareConfigError, match="too short"):
        share.signing_key("short", None)
    # The cookie secret works when no share key is set; the two derive different keys from the same text.
    assert share.signing_key(None, "x" * 32) == share.signing_key("x" * 32, None)
    assert share.signing_key(None, "x" * 32) != ("x" * 32).encode()


@pytest.mark.parametrize(
    ("claim", "verified"),
    [
        (True, True),
        ("true", True),
        ("TRUE", True),
        (False, False),
        ("false", False),
        ("False", False),
        (0, False),
        (1, False),
        ("0", False),
        ("yes", False),
        (None, False),
        ("", False),
        ([True], False),
    ],
)
def test_only_a_verified_email_gets_its_roles(claim: object, verified: bool) -> None:
    """`"email_verified": "False"` or 0 got the roles of that email: only true (or "true" in any case) verifies."""
    roles = _actor("lead@example.com", email_verified=claim).roles
    assert (roles == frozenset({"admin", "author", "viewer"})) is verified, (claim, roles)


def test_a_signed_in_reviewer_whose_email_holds_a_control_character_can_review(store: Store) -> None:
    """'write the name on one line' was asked of a name that comes from the ID token."""
    from rubric_core.engine import Engine
    from rubric_core.judge.reviews import ReviewError, record_review
    from tests.core.helpers import example_config

    run_id = Engine().execute(example_config("haiku"), subscribers=[store.record]).run_id
    criterion = store.criteria([run_id])[0]
    identity = "ann\x1b]0;pwned\x07@example.com"
    row = record_review(
        store,
        run_id,
        iteration=0,
        criterion=criterion["name"],
        verdict="fail",
        reviewer=identity,
        reviewer_is_identity=True,
    )
    assert row["reviewer"] == "ann\\u001b]0;pwned\\u0007@example.com" and "\x1b" not in row["reviewer"]
    with pytest.raises(ReviewError, match="on one line"):  # a typed name is still refused
        record_review(store, run_id, iteration=0, criterion=criterion["name"], verdict="fail", reviewer=identity)
