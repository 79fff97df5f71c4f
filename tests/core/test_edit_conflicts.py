"""Two people, one thing (issue 35 item 9): every save carries what it was based on; the store refuses, in the same
transaction as the write, a save whose base moved, and says who saved what and when. SQLite and PostgreSQL."""

from __future__ import annotations

import threading

import pytest

from rubric_core.store import Store
from rubric_core.store.conflicts import EditConflict, merge_tags, merge_text
from tests.core.test_access import insert_run


def test_a_rubric_saved_on_an_old_version_is_refused_naming_who_saved_the_newer_one(db_url: str, store: Store) -> None:
    """Two authors opened v1 and each added a line: the second was told 'Unchanged' and their line was in no version."""
    assert store.save_rubric("shared", "- a\n", saved_by="ann@example.com") == 1
    assert store.save_rubric("shared", "- a\n- from ann\n", based_on=1, saved_by="ann@example.com") == 2
    with pytest.raises(EditConflict) as exc:
        store.save_rubric("shared", "- a\n- from bob\n", based_on=1, saved_by="bob@example.com")
    conflict = exc.value
    assert conflict.current["version"] == 2 and conflict.current["saved_by"] == "ann@example.com"
    assert conflict.current["text"] == "- a\n- from ann\n" and [v["version"] for v in conflict.newer] == [2]
    assert "ann@example.com saved rubric 'shared'" in str(conflict) and "nothing was overwritten" in str(conflict)
    assert [v["version"] for v in store.rubric_versions("shared")] == [1, 2]  # nothing written
    # Merged (or saved as theirs on purpose): based on the newest version now, it is the next one.
    merged, clean = merge_text("- a\n", conflict.current["text"], "- a\n- from bob\n")
    assert clean and "from ann" in merged and "from bob" in merged
    assert store.save_rubric("shared", merged, based_on=2, saved_by="bob@example.com") == 3
    assert store.rubric_versions("shared")[-1]["saved_by"] == "bob@example.com"
    # The same text as the newest version is no conflict, and no new version.
    assert store.save_rubric("shared", merged, based_on=1) == 3


def test_a_runs_tags_and_note_saved_on_an_old_stamp_are_refused_with_what_was_saved(db_url: str, store: Store) -> None:
    run_id = insert_run(store)
    base = store.edit_stamp(run_id)
    assert (base["stamp"], base["tags"], base["note"]) == (0, [], "")
    assert store.save_run_edits(run_id, tags=["ann"], note="Ann's note", based_on=0, by="ann@example.com") == 1
    with pytest.raises(EditConflict) as exc:
        store.save_run_edits(run_id, tags=["bob"], note="Bob's note", based_on=0, by="bob@example.com")
    current = exc.value.current
    assert (current["tags"], current["note"], current["edited_by"]) == (["ann"], "Ann's note", "ann@example.com")
    assert current["stamp"] == 1 and current["edited_at"] > 0
    run = store.get_run(run_id)
    assert (run["tags"], run["note"]) == (["ann"], "Ann's note")  # nothing overwritten
    assert merge_tags([], ["ann"], ["bob"]) == ["ann", "bob"]
    assert merge_tags(["x", "y"], ["x"], ["y", "z"]) == ["z"]  # each one's removal holds, each one's addition too
    assert store.save_run_edits(run_id, tags=["ann", "bob"], note="both", based_on=1, by="bob@example.com") == 2
    store.set_tags(run_id, ["suite:abc"])  # a save with no base (the suite runner's tag) moves the stamp too
    with pytest.raises(EditConflict):
        store.save_run_edits(run_id, tags=[], note="", based_on=2, by="ann@example.com")


def test_two_saves_at_once_on_one_base_write_exactly_one(db_url: str, store: Store) -> None:
    """The stamp is compared in the statement that moves it: of two saves racing on one base, one wins."""
    run_id = insert_run(store)
    store.save_rubric("raced", "- a\n")
    barrier = threading.Barrier(4)
    outcomes: list[str] = []

    def save_run(who: str) -> None:
        barrier.wait()
        try:
            store.save_run_edits(run_id, tags=[who], note=who, based_on=0, by=who)
            outcomes.append(f"run:{who}")
        except EditConflict:
            outcomes.append("run:conflict")

    def save_rubric(who: str) -> None:
        barrier.wait()
        try:
            store.save_rubric("raced", f"- a\n- {who}\n", based_on=1, saved_by=who)
            outcomes.append(f"rubric:{who}")
        except EditConflict:
            outcomes.append("rubric:conflict")

    threads = [threading.Thread(target=f, args=(w,)) for f in (save_run, save_rubric) for w in ("ann", "bob")]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert sorted(o.split(":")[1] == "conflict" for o in outcomes) == [False, False, True, True], outcomes
    assert len(store.rubric_versions("raced")) == 2 and store.edit_stamp(run_id)["stamp"] == 1


def test_a_merge_keeps_both_peoples_changes_and_says_when_they_touched_the_same_lines() -> None:
    assert merge_text("- a\n", "- a\n- from ann\n", "- a\n- from bob\n") == ("- a\n- from ann\n- from bob\n", True)
    assert merge_text("- a\n- b\n- c\n", "- A\n- b\n- c\n", "- a\n- b\n- C\n") == ("- A\n- b\n- C\n", True)
    assert merge_text("- a\n- b\n", "- b\n", "- a\n- b\n- z\n") == ("- b\n- z\n", True)  # a removal holds
    both, clean = merge_text("- a\n- b\n", "- a\n- B by ann\n", "- a\n- b, bob's words\n")
    assert not clean and both == "- a\n- B by ann\n- b, bob's words\n"  # the same line: both kept, and said
    assert merge_text("note", "note\nann adds", "note\nbob adds") == ("note\nann adds\nbob adds", True)
    assert merge_text("a", "a", "b") == ("b", True) and merge_text("a", "c", "a") == ("c", True)
