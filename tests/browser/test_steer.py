"""Steering in the browser (issue 39): a step-mode run paused, overridden, its feedback edited and continued, then
reloaded while paused; a fork from iteration 2 with an edited rubric, its tree, and its compare with the parent.

Every wait is on what the page shows or on a stored row, never on a stretch of time.
"""

from __future__ import annotations

from typing import Any

from rubric_core.store import judge as judge_store
from tests.browser.helpers import (
    RUN_TIMEOUT_MS,
    STEP_TIMEOUT_MS,
    _wait_stored,
    choose_option,
    load_example,
    open_server_store,
    run_id_of,
    wait_app_idle,
    wait_run_page_settled,
    wait_run_status,
)
from tests.browser.test_server_restart import restart_page  # noqa: F401 -- the fixture: a page of its own

PANEL = ".st-key-steer_panel"
FEEDBACK_LABEL = "Feedback the agent will read (edit it to send your own text)"
MY_FEEDBACK = "Keep the blossoms, and write exactly three lines about spring rain."
NEW_RUBRIC = "- Exactly three lines\n- Mentions blossoms"


def _load_example(page: Any, server: Any, example: str = "haiku") -> None:
    page.goto(server.url)
    wait_app_idle(page)
    load_example(page, example)


def _start(page: Any) -> str:
    page.get_by_role("button", name="Start run").click()
    page.wait_for_url("**run=*")
    return run_id_of(page)


def _paused_at(server: Any, run_id: str, iteration: int) -> dict[str, Any]:
    """Until the run's newest stored event is a pause at `iteration` (0-based); that pause."""

    def check(store: Any) -> dict[str, Any] | None:
        events = store.run_events(run_id)
        last = events[-1] if events else None
        ok = last is not None and last.type == "paused" and last.data["iteration"] == iteration
        return last.data if ok else None

    return _wait_stored(server, check, f"run {run_id} paused at iteration {iteration + 1}")


def _panel_says(page: Any, text: str) -> None:
    page.locator(PANEL).filter(has_text=text).wait_for(timeout=RUN_TIMEOUT_MS)


def test_a_step_run_paused_overridden_its_feedback_edited_continued_then_reloaded_while_paused(page, server) -> None:
    _load_example(page, server)
    page.locator(".st-key-run_step label").click()  # Streamlit's box: its label takes the click
    wait_app_idle(page)
    assert page.get_by_label("Step by step", exact=True).is_checked()
    run_id = _start(page)
    pause = _paused_at(server, run_id, 0)
    assert pause["pause"] == "after_grading" and pause["result"] == "needs_revision"
    _panel_says(page, "Paused after grading iteration 1")
    wait_app_idle(page)

    # Override a criterion the grader passed, and write the feedback the agent reads.
    label = "Is about spring (grader: pass)"
    choose_option(page, label, "fail")
    why = page.get_by_label("Why fail: Is about spring (stored with this override)")
    why.fill("It reads as autumn.")
    why.press("Enter")  # Enter commits the reason; it never continues the run (only Continue does)
    wait_app_idle(page)
    with open_server_store(server) as store:
        assert store.get_run(run_id)["status"] == "paused"
        assert not [e for e in store.run_events(run_id) if e.type == "steered"]
    area = page.get_by_label(FEEDBACK_LABEL)
    area.fill(MY_FEEDBACK)
    area.press("Tab")
    wait_app_idle(page)
    assert area.input_value() == MY_FEEDBACK  # edited: the box keeps my text, nothing is sent before Continue
    page.locator(PANEL).get_by_role("button", name="Continue").click()

    # It goes on: the agent reads my text, revises, and the run pauses after grading draft 2.
    _paused_at(server, run_id, 1)
    with open_server_store(server) as store:
        first = next(i for i in store.iterations([run_id]) if i["iteration"] == 0)
        assert first["feedback_text"] == MY_FEEDBACK
        (review,) = judge_store.latest_reviews(store, [run_id])
        assert (review["criterion"], review["verdict"], review["reason"]) == (
            "Is about spring",
            "fail",
            "It reads as autumn.",
        )
        assert store.get_run(run_id)["status"] == "paused"
    _panel_says(page, "Paused after grading iteration 2")

    # A reload while paused: the page finds the pause again, with its panel, and the run reads Paused.
    page.reload()
    wait_app_idle(page)
    _panel_says(page, "Paused after grading iteration 2")
    page.get_by_text("Paused", exact=True).first.wait_for(timeout=STEP_TIMEOUT_MS)
    assert run_id_of(page) == run_id

    # Stop: the run ends cancelled, and the panel is gone.
    page.locator(PANEL).get_by_role("button", name="Stop the run here").click()
    assert wait_run_status(server, run_id, {"cancelled"})["status"] == "cancelled"
    page.locator(PANEL).wait_for(state="detached", timeout=STEP_TIMEOUT_MS)


def test_a_fork_from_iteration_2_with_an_edited_rubric(page, server) -> None:
    _load_example(page, server)
    parent = _start(page)
    wait_run_page_settled(page)
    assert wait_run_status(server, parent, {"satisfied", "max_iterations_reached"})["iterations"] == 3

    page.get_by_text("Fork from an iteration", exact=False).first.click()
    wait_app_idle(page)
    choose_option(page, "Iteration", "2")
    wait_app_idle(page)
    # The edited rubric's box is keyed by the iteration: wait for iteration 2's box (index 1) before typing, or the
    # text goes into iteration 3's box while the choice's rerun is still drawing (seen under load: the Fork then
    # found the rubric unchanged and refused).
    box = page.locator(f".st-key-fork_text_{parent}_Rubric_0_1")
    box.wait_for()
    rubric = box.get_by_label("Edited rubric", exact=True)
    rubric.fill(NEW_RUBRIC)
    rubric.press("Tab")
    wait_app_idle(page)
    assert box.get_by_label("Edited rubric", exact=True).input_value() == NEW_RUBRIC
    page.get_by_role("button", name="Fork").click()
    page.wait_for_function("(parent) => location.href.includes('run=') && !location.href.includes(parent)", arg=parent)
    fork = run_id_of(page)
    row = wait_run_status(server, fork, {"satisfied", "max_iterations_reached"})
    assert (row["parent_run"], row["forked_turn"], row["forked_at"], row["rubric"]) == (parent, 0, 1, NEW_RUBRIC)
    with open_server_store(server) as store:
        events = store.run_events(fork)
        own_drafts = [e.data["iteration"] for e in events if e.type == "draft" and not e.data.get("inherited")]
        assert all(i > 1 for i in own_drafts)  # drafts 1 and 2 are the parent's: not written again

    # The fork's page: where it branched, and the tree with both runs.
    wait_run_page_settled(page)
    page.get_by_text("A fork of run", exact=False).first.wait_for(timeout=STEP_TIMEOUT_MS)
    tree = page.locator(".st-key-run_fork_tree")
    tree.filter(has_text="Fork tree · 2 runs").wait_for(timeout=STEP_TIMEOUT_MS)
    assert "from iteration 2: the rubric was edited" in tree.inner_text()

    # Compare it with its parent from the fork point on (the Runs page's compare view).
    tree.get_by_text("with its parent from the fork point on", exact=False).click()
    page.wait_for_url("**compare=*")
    wait_app_idle(page)
    page.get_by_text("From the fork point on: iteration 2 and after", exact=False).wait_for(timeout=STEP_TIMEOUT_MS)
    page.get_by_text("Per-criterion differences", exact=False).wait_for(timeout=STEP_TIMEOUT_MS)


_CONNECTION_JS = """(wanted) => {
  const app = document.querySelector('[data-testid="stApp"]');
  const state = app && app.getAttribute('data-test-connection-state');
  return wanted === 'CONNECTED' ? state === 'CONNECTED' : !!state && state !== 'CONNECTED';
}"""


def test_a_paused_run_survives_a_server_restart(restart_page, tmp_path_factory) -> None:  # noqa: F811
    """The server stops (SIGTERM) under a page that shows a paused run and comes back on the same port and data
    directory: the run is still paused (nothing of it was live), the page finds its pause again, and it goes on."""
    from tests.browser.server import AppServer

    page = restart_page
    home = tmp_path_factory.mktemp("steer-restart-home")
    first = AppServer(home, gated=True)
    page.servers.append(first)
    _load_example(page, first)
    page.locator(".st-key-run_step label").click()
    wait_app_idle(page)
    run_id = _start(page)
    _paused_at(first, run_id, 0)
    _panel_says(page, "Paused after grading iteration 1")
    session_before = page.get_attribute(".rs-session", "data-session")
    first.stop()
    page.wait_for_function(_CONNECTION_JS, arg="DISCONNECTED")
    with open_server_store(first) as store:
        assert store.get_run(run_id)["status"] == "paused"  # a stopped server interrupts no paused run

    second = AppServer(home, gated=True, port=first.port)
    page.servers.append(second)
    page.wait_for_function(_CONNECTION_JS, arg="CONNECTED")
    page.wait_for_function(
        "(before) => { const m = document.querySelector('.rs-session'); return !!m && m.dataset.session !== before; }",
        arg=session_before,
    )
    _panel_says(page, "Paused after grading iteration 1")
    wait_app_idle(page)
    page.locator(PANEL).get_by_role("button", name="Continue").click()
    _paused_at(second, run_id, 1)
    with open_server_store(second) as store:
        assert sum(e.type == "evaluation" for e in store.run_events(run_id)) == 2  # pass 1 was not graded again
