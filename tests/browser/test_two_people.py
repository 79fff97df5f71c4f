"""Two people, one thing (issue 35 item 9), in two real browser sessions against one server: a rubric in the
Rubrics page's editor and a run's tags and note on the Runs page. Neither person's edit is lost: the second save
is told who saved what and when, is shown the difference, and can merge, save theirs anyway, or take the other's."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from rubric_core.events import RunEvent
from tests.browser.helpers import (
    PAGE_RECORDER_JS,
    STEP_TIMEOUT_MS,
    open_server_store,
    set_textarea,
    wait_app_idle,
    watched_page,
)
from tests.browser.team_steps import main_text, select_run


@pytest.fixture
def other(browser) -> Iterator[Any]:
    """A second person: a browser context of their own (cookies, session) on the same server."""
    context = browser.new_context(viewport={"width": 1440, "height": 1000})
    context.add_init_script(PAGE_RECORDER_JS)
    context.set_default_timeout(STEP_TIMEOUT_MS)
    yield watched_page(context)
    context.close()


def _open(page: Any, url: str) -> None:
    page.goto(url)
    wait_app_idle(page)


def test_two_people_editing_one_rubric_both_keep_their_edit(page, other, server) -> None:
    with open_server_store(server) as store:
        store.save_rubric("shared-rubric", "- Exactly three lines\n")
    ann, bob = page, other
    for person in (ann, bob):
        _open(person, f"{server.url}/rubrics")
        person.get_by_label("Edit (saving creates version 2)", exact=True).wait_for()
    set_textarea(ann, "Edit (saving creates version 2)", "- Exactly three lines\n- Ann's line\n")
    set_textarea(bob, "Edit (saving creates version 2)", "- Exactly three lines\n- Bob's line\n")
    ann.get_by_role("button", name="Save new version").click()
    ann.get_by_text("Saved shared-rubric as version 2.", exact=True).wait_for()
    bob.get_by_role("button", name="Save new version").click()
    bob.get_by_text("saved version 2 of shared-rubric", exact=False).wait_for()
    said = main_text(bob)
    assert "Nothing was overwritten" in said and "Unchanged" not in said and "after you opened version 1" in said
    assert bob.get_by_label("Edit (saving creates version 2)", exact=True).input_value().endswith("Bob's line\n")
    theirs = bob.locator(".st-key-rubrics_theirs_shared-rubric .rs-diff")
    assert "Ann's line" in theirs.first.inner_text() and "Bob's line" in theirs.last.inner_text()
    with open_server_store(server) as store:
        assert [v["version"] for v in store.rubric_versions("shared-rubric")] == [1, 2]
    bob.get_by_role("button", name="Merge both into the editor").click()
    merged = bob.get_by_label("Edit (saving creates version 3)", exact=True)
    merged.wait_for()
    wait_app_idle(bob)
    assert merged.input_value() == "- Exactly three lines\n- Ann's line\n- Bob's line\n"
    bob.get_by_role("button", name="Save new version").click()
    bob.get_by_text("Saved shared-rubric as version 3.", exact=True).wait_for()
    with open_server_store(server) as store:
        texts = [v["text"] for v in store.rubric_versions("shared-rubric")]
    assert texts[-1] == "- Exactly three lines\n- Ann's line\n- Bob's line\n" and len(texts) == 3


def test_two_people_editing_a_runs_tags_and_note_both_keep_theirs(page, other, server) -> None:
    run_id = uuid.uuid4().hex
    config = {
        "task": "Two people annotate this run.",
        "rubric": "- a",
        "model": "offline:writer",
        "grader": "offline:grader",
    }
    ended = {"turn": 0, "status": "satisfied", "final_output": "x", "files": {}, "iterations": 1, "wall_time_s": 1.0}
    with open_server_store(server) as store:
        store.record(
            RunEvent(run_id=run_id, seq=0, type="run_started", at=time.time(), data={"config": config, "mode": "start"})
        )
        store.record(RunEvent(run_id=run_id, seq=1, type="finished", at=time.time(), data={**ended, "tokens": {}}))
    ann, bob = page, other
    for person in (ann, bob):
        _open(person, f"{server.url}/runs")
        select_run(person, server, "annotate", run_id)
    set_textarea(ann, "Tags (comma separated)", "demo, ann")
    set_textarea(ann, "Note", "Ann: looks right.")
    ann.get_by_role("button", name="Save tags and note").click()
    ann.get_by_text("Saved.", exact=True).wait_for()
    set_textarea(bob, "Tags (comma separated)", "demo, bob")
    set_textarea(bob, "Note", "Bob: check the second line.")
    bob.get_by_role("button", name="Save tags and note").click()
    bob.get_by_text("saved this run's tags and note at", exact=False).wait_for()
    said = main_text(bob)
    assert "Nothing was overwritten" in said and "Saved." not in said
    assert "theirs: ann, demo" in said and "yours: bob, demo" in said
    note = bob.locator(f".st-key-runs_theirs_{run_id} .rs-diff")
    assert "Ann: looks right." in note.first.inner_text() and "Bob: check the second line." in note.last.inner_text()
    with open_server_store(server) as store:
        run = store.get_run(run_id)
        assert (run["tags"], run["note"]) == (["ann", "demo"], "Ann: looks right.")
    bob.get_by_role("button", name="Merge both").click()
    bob.get_by_text("Merged: their changes and yours are both in the fields above.", exact=False).wait_for()
    wait_app_idle(bob)
    assert bob.get_by_label("Tags (comma separated)", exact=True).input_value() == "ann, bob, demo"
    assert bob.get_by_label("Note", exact=True).input_value() == "Ann: looks right.\nBob: check the second line."
    bob.get_by_role("button", name="Save tags and note").click()
    bob.get_by_text("Saved.", exact=True).wait_for()
    with open_server_store(server) as store:
        run = store.get_run(run_id)
        assert run["tags"] == ["ann", "bob", "demo"]
        assert run["note"] == "Ann: looks right.\nBob: check the second line."
    # Overwrite on purpose: Ann, still on her old view, saves over Bob's merge when she means to.
    set_textarea(ann, "Note", "Ann's final word.")
    ann.get_by_role("button", name="Save tags and note").click()
    ann.get_by_text("saved this run's tags and note at", exact=False).wait_for()
    ann.get_by_role("button", name="Save mine over theirs").click()
    ann.get_by_text("Saved.", exact=True).wait_for()
    with open_server_store(server) as store:
        run = store.get_run(run_id)
        assert run["note"] == "Ann's final word." and run["tags"] == ["ann", "demo"]
