"""The pause panel after the second first-user pass (issue 40, newuser2): Enter in a field never continues the run,
the feedback box follows the overrides as they are made, each override keeps its own reason, and the name the
person typed (here or on Review) is the one recorded with their overrides and in the audit trail."""

from __future__ import annotations

import time

from rubric_core.access.audit import list_audit
from rubric_core.engine import Engine
from rubric_core.execution.manager import RunManager
from rubric_core.store import Store
from rubric_core.store import judge as judge_store
from tests.core.helpers import example_config
from tests.ui.test_pages import app

STEP_CEILING_S = 240.0
"""How long a continued run may take to store its decision under load (polled; it takes a second or two alone)."""


def _paused(store: Store, engine: Engine) -> str:
    handle = RunManager(engine, store).start(example_config("haiku"), step="verdicts")
    assert handle.wait(120) and handle.events[-1].type == "paused"
    return handle.run_id


def _panel(at, run_id: str) -> list:
    return [w for w in [*at.selectbox, *at.text_input, *at.text_area] if w.key and w.key.startswith(f"steer_{run_id}")]


def _feedback(at, run_id: str) -> str:
    return next(t.value for t in at.text_area if t.key and t.key.startswith(f"steer_{run_id}") and "feedback" in t.key)


def test_no_field_of_the_pause_panel_sits_in_a_form_so_enter_never_continues_the_run(store: Store, engine: Engine):
    """Enter in the "Why" box submitted the panel's form, which pressed its first button: Continue."""
    run_id = _paused(store, engine)
    at = app(run=run_id)
    assert not at.exception
    fields = _panel(at, run_id)
    assert fields and all(not w.form_id for w in fields), [(w.key, w.form_id) for w in fields]
    at.selectbox(key=next(w.key for w in fields if w.key.endswith("_ov_2"))).set_value("fail").run()
    why = next(t for t in at.text_input if t.key and t.key.endswith("_why_2"))
    why.input("It reads as autumn.").run()  # what Enter does: the value is committed, nothing is sent
    assert not at.exception
    assert store.get_run(run_id)["status"] == "paused"
    assert not [e for e in store.run_events(run_id) if e.type == "steered"]


def test_the_feedback_box_follows_each_override_as_it_is_made_until_the_person_edits_it(
    store: Store, engine: Engine
) -> None:
    """The box listed an overridden criterion as satisfied until Continue composed the feedback again."""
    run_id = _paused(store, engine)
    at = app(run=run_id)
    graders = _feedback(at, run_id)
    assert "Is about spring" not in graders.split("Failed criteria")[-1] if "Failed criteria" in graders else True
    key = next(w.key for w in _panel(at, run_id) if w.key.endswith("_ov_2"))  # Is about spring (grader: pass)
    at.selectbox(key=key).set_value("fail").run()
    now = _feedback(at, run_id)
    assert now != graders and "Is about spring" in now and "A reviewer marked this criterion failed." in now, now
    why = next(t for t in at.text_input if t.key and t.key.endswith("_why_2"))
    why.input("It reads as autumn.").run()
    assert "A reviewer marked this criterion failed. It reads as autumn." in _feedback(at, run_id)
    box = next(t for t in at.text_area if t.key and t.key.startswith(f"steer_{run_id}") and "feedback" in t.key)
    box.input("My own words.").run()
    at.selectbox(key=key).set_value(at.selectbox(key=key).options[0]).run()  # back to as graded: my text stays
    assert _feedback(at, run_id) == "My own words."


def test_two_overrides_keep_their_own_reasons_and_the_typed_name_is_recorded_everywhere(
    store: Store, engine: Engine
) -> None:
    """One "Why" for two overrides was pasted under each; the name typed on Review was not used for overrides
    (stored as "local") nor in the audit trail."""
    run_id = _paused(store, engine)
    at = app(run=run_id)
    at.session_state["review_reviewer_name"] = "Ana"  # typed on the Review page in this session
    at.run()
    who = next(t for t in at.text_input if t.key and t.key.endswith("_who"))
    assert who.value == "Ana"
    keys = [w.key for w in _panel(at, run_id) if "_ov_" in w.key]
    at.selectbox(key=keys[0]).set_value("pass").run()
    at.selectbox(key=keys[2]).set_value("fail").run()
    next(t for t in at.text_input if t.key.endswith("_why_0")).input("Three lines, counted by hand.").run()
    next(t for t in at.text_input if t.key.endswith("_why_2")).input("It reads as autumn.").run()
    at.button(key=f"steer_go_{run_id}").click().run()
    assert not at.exception
    deadline = time.monotonic() + STEP_CEILING_S
    reviews: list = []
    while time.monotonic() < deadline and len(reviews) < 2:
        reviews = judge_store.latest_reviews(store, [run_id])
        time.sleep(0.2)
    by = {r["criterion"]: r for r in reviews}
    assert by["Exactly three lines"]["reason"] == "Three lines, counted by hand."
    assert by["Is about spring"]["reason"] == "It reads as autumn."
    assert {r["reviewer"] for r in reviews} == {"Ana"}
    steered = [r for r in list_audit(store) if r["action"] == "steer"]
    assert steered and steered[0]["actor"] == "local" and steered[0]["actor_name"] == "Ana"


def test_a_typed_name_with_control_characters_never_reaches_the_audit_trail(store: Store, engine: Engine) -> None:
    run_id = _paused(store, engine)
    at = app(run=run_id)
    at.session_state["review_reviewer_name"] = "Ana\x1b[2J"
    at.run()
    at.button(key=f"steer_go_{run_id}").click().run()
    assert not at.exception
    deadline = time.monotonic() + STEP_CEILING_S
    rows: list = []
    while time.monotonic() < deadline and not rows:
        rows = [r for r in list_audit(store) if r["action"] == "steer"]
        time.sleep(0.2)
    assert rows and rows[0]["actor_name"] == "Ana[2J"


def test_a_fork_is_recorded_under_the_sessions_typed_name(store: Store, engine: Engine) -> None:
    """A fork made on the Run page said "edited by local" while the Review page had a name for the session."""
    handle = RunManager(engine, store).start(example_config("haiku"))
    assert handle.wait(120)
    at = app(run=handle.run_id)
    at.session_state["review_reviewer_name"] = "Ana"
    at.session_state[f"fork_open_{handle.run_id}"] = True
    at.run()
    area = next(t for t in at.text_area if t.key and t.key.startswith(f"fork_text_{handle.run_id}_Rubric"))
    area.set_value("- Exactly three lines").run()
    at.button(key=f"fork_go_{handle.run_id}").click().run()
    assert not at.exception
    fork = at.query_params.get("run")
    assert fork and fork != handle.run_id
    from rubric_core.store.forks import forks_of

    deadline = time.monotonic() + STEP_CEILING_S
    rows: list = []
    while time.monotonic() < deadline and not (rows and rows[0]["status"] not in ("running", "queued")):
        rows = forks_of(store, handle.run_id)
        time.sleep(0.2)
    assert rows and rows[0]["fork"]["by"] == "Ana", rows
