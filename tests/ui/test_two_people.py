"""Two people, one thing (issue 35 item 9), as AppTest sessions of one app: neither person's edit is lost.

The browser test with two real sessions against one server is tests/browser/test_two_people.py.
"""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from rubric_core.store import Store
from tests.core.test_access import insert_run
from tests.ui.test_access_pages import AUTH, ROLES
from tests.ui.test_pages import APPTEST_TIMEOUT_S, ROOT, texts


def _person(email: str, page: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=APPTEST_TIMEOUT_S)
    at.secrets["auth"] = AUTH
    at.secrets["roles"] = ROLES
    at.user = {"is_logged_in": True, "email": email, "sub": email, "name": email.split("@")[0]}
    at.run()
    at.switch_page(page)
    at.run()
    return at


def test_two_authors_editing_one_rubric_both_keep_their_line(home: Path, store: Store) -> None:
    """The second was told 'Unchanged: no new version' and their line was in no version."""
    store.save_rubric("shared", "- Exactly three lines\n")
    ann = _person("ann@example.com", "rubric_ui/app_pages/rubrics.py")
    bob = _person("bob@example.com", "rubric_ui/app_pages/rubrics.py")
    ann.text_area(key="rubrics_edit_shared_0").set_value("- Exactly three lines\n- Ann's line\n")
    bob.text_area(key="rubrics_edit_shared_0").set_value("- Exactly three lines\n- Bob's line\n")
    ann.button(key="rubrics_save_shared").click().run()
    assert "Saved shared as version 2." in texts(ann)
    bob.button(key="rubrics_save_shared").click().run()
    assert not bob.exception
    said = texts(bob)
    assert "ann@example.com" in said.replace("\\", "") and "saved version 2 of shared" in said
    assert "Nothing was overwritten" in said and "Unchanged" not in said
    assert bob.text_area(key="rubrics_edit_shared_0").value.endswith("- Bob's line\n")  # still theirs to keep
    shown = " ".join(m.value for m in bob.markdown if "rs-diff" in m.value)
    assert "Ann" in shown and "Bob" in shown  # the difference, both sides
    assert [v["version"] for v in store.rubric_versions("shared")] == [1, 2]
    bob.button(key="rubrics_merge_shared").click().run()
    merged = bob.text_area(key="rubrics_edit_shared_1").value
    assert merged == "- Exactly three lines\n- Ann's line\n- Bob's line\n"
    bob.button(key="rubrics_save_shared").click().run()
    assert "Saved shared as version 3." in texts(bob)
    latest = store.get_rubric("shared")
    assert latest["text"] == merged and latest["saved_by"] == "bob@example.com"


def test_saving_mine_as_a_new_version_on_purpose_keeps_theirs_in_the_history(home: Path, store: Store) -> None:
    store.save_rubric("shared", "- a\n")
    ann = _person("ann@example.com", "rubric_ui/app_pages/rubrics.py")
    bob = _person("bob@example.com", "rubric_ui/app_pages/rubrics.py")
    ann.text_area(key="rubrics_edit_shared_0").set_value("- a\n- ann\n")
    ann.button(key="rubrics_save_shared").click().run()
    bob.text_area(key="rubrics_edit_shared_0").set_value("- bob only\n")
    bob.button(key="rubrics_save_shared").click().run()
    bob.button(key="rubrics_keepmine_shared").click().run()
    assert [v["text"] for v in store.rubric_versions("shared")] == ["- a\n", "- a\n- ann\n", "- bob only\n"]


def test_two_people_editing_a_runs_tags_and_note_lose_neither(home: Path, store: Store) -> None:
    """The second was told 'Saved.' and their note was gone."""
    run_id = insert_run(store)
    ann = _person("ann@example.com", "rubric_ui/app_pages/runs.py")
    bob = _person("bob@example.com", "rubric_ui/app_pages/runs.py")

    def edit(at: AppTest, tags: str, note: str) -> None:
        at.text_input(key=f"runs_tags_{run_id}_0").set_value(tags)
        at.text_area(key=f"runs_note_{run_id}_0").set_value(note)
        at.button(key=f"runs_save_{run_id}").click().run()

    for at in (ann, bob):
        _select(at, run_id)
    edit(ann, "demo, ann", "Ann: looks right.")
    assert "Saved." in texts(ann)
    edit(bob, "demo, bob", "Bob: check the second line.")
    said = texts(bob).replace("\\", "").replace("*", "")
    assert "ann@example.com saved this run's tags and note" in said and "Nothing was overwritten" in said
    assert "Saved." not in said
    run = store.get_run(run_id)
    assert (run["tags"], run["note"]) == (["ann", "demo"], "Ann: looks right.")
    bob.button(key=f"runs_merge_{run_id}").click().run()
    assert bob.text_input(key=f"runs_tags_{run_id}_1").value == "ann, bob, demo"
    assert bob.text_area(key=f"runs_note_{run_id}_1").value == "Ann: looks right.\nBob: check the second line."
    bob.button(key=f"runs_save_{run_id}").click().run()
    assert "Saved." in texts(bob)
    run = store.get_run(run_id)
    assert run["tags"] == ["ann", "bob", "demo"] and "Bob" in run["note"] and "Ann" in run["note"]
    assert run["edited_by"] == "bob@example.com"


def _select(at: AppTest, run_id: str) -> None:
    """Tick the run's row on the Runs page, as a browser sends it (AppTest cannot click inside a table)."""
    import json

    from tests.ui.test_pages import _rerun_with, _runs_table

    selection = {"selection": {"rows": [0], "columns": [], "cells": []}}
    _rerun_with(at, _runs_table(at).proto.id, string_value=json.dumps(selection))
    assert f"`{run_id}`" in texts(at), texts(at)
