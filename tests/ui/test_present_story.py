"""Present for someone who has never seen the tool (issue 33 items 5, 6 and 7): what the run came to in one
sentence, every turn's ask and rubric, the replay on the final draft (the newest step while live), the specs
behind a Details fold, text in the page's font."""

from __future__ import annotations

import pytest

from rubric_core.engine import Engine
from rubric_core.execution.manager import RunManager
from rubric_core.store import Store
from rubric_core.views.run_view import RunView
from tests.core.helpers import PROCESS_TIMEOUT_S, example_config
from tests.ui.helpers import run_payload
from tests.ui.test_pages import app

FOLLOW_UP = "Now write it about autumn."
NEW_RUBRIC = "- Exactly three lines\n- Mentions autumn"


def test_present_tells_every_turn_with_its_ask_rubric_heatmap_and_sentence(store: Store, engine: Engine) -> None:
    """Before, the follow-up appeared nowhere, turn 1's task sat beside turn 2's rubric, and one heatmap showed.
    (Present is the run view element: its payload says what it draws, its script sets each string as text.)"""
    manager = RunManager(engine, store)
    first = manager.start(example_config("haiku"))
    assert first.wait(PROCESS_TIMEOUT_S)
    assert manager.follow_up(first.run_id, FOLLOW_UP, rubric=NEW_RUBRIC).wait(PROCESS_TIMEOUT_S)
    at = app(run=first.run_id, view="present")
    assert not at.exception
    payload = run_payload(at)
    present = payload["present"]
    assert present["sentence"] == "Turn 2 of 2 (the last follow-up): Satisfied after 1 draft: both criteria met."
    asked = present["asked"]
    assert [a["head"].split(" — ")[0] for a in asked] == ["Turn 1 · Task", "Turn 2 · Follow-up"]
    assert asked[0]["head"] == "Turn 1 · Task — Satisfied after 3 drafts: all 3 criteria met."
    assert asked[1]["message"] == FOLLOW_UP and asked[1]["rubric"] == NEW_RUBRIC and "5-7-5" in asked[0]["rubric"]
    assert asked[1]["label"] == "Follow-up message" and asked[1]["rubric_label"] == "Rubric of turn 2"
    assert len(payload["heatmaps"]) == 2, "a heatmap per turn"
    assert present["maps"]["0"].startswith("Turn 1: criteria by draft") and present["maps"]["1"].startswith("Turn 2")
    # The replay opens on the verdicts on the final draft (turn 2's; the draft itself is under What came out),
    # labelled by turn. Turn 1: 3 drafts, 3 verdicts, 2 feedbacks; turn 2: 1 draft, 1 verdict: step 10 of 10.
    assert present["steps"][present["start"]]["title"] == "Step 10 of 10 · Turn 2 · iteration 1 · Verdicts"
    assert [c["verdict"] for c in asked[1]["criteria"]] == ["pass", "pass"]  # turn 2's rubric as it was met


@pytest.mark.parametrize("example", ["haiku"])
def test_specs_are_behind_a_details_fold(store: Store, engine: Engine, example: str) -> None:
    run_id = engine.execute(example_config(example), subscribers=[store.record]).run_id
    at = app(run=run_id, view="present")
    payload = run_payload(at)
    inside = "\n".join(payload["present"]["details"])  # the element draws these in its "Details" fold
    assert "offline:writer" in inside and "tokens" in inside and run_id in inside
    outside = [
        payload["present"]["sentence"],
        *(str(c.value) for c in at.caption),
        *(str(m.value) for m in at.markdown),
    ]
    assert not any("offline:writer" in t and "graded by" in t for t in outside), outside


def test_a_live_run_s_replay_opens_on_its_newest_step_and_follows_it(
    store: Store, engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    """During a live run the replay opens on the newest step and follows it (the element keeps following until a
    control other than Last takes it elsewhere: tests/browser/test_app.py steps through a replay)."""
    done = engine.execute(example_config("lipogram"), subscribers=[store.record])
    events = store.run_events(done.run_id)
    cuts = [n + 1 for n, e in enumerate(events) if e.type in ("draft", "evaluation", "feedback")]
    assert len(cuts) >= 5
    stage = {"k": 0}

    def advancing_view(run_id: str) -> RunView | None:
        return RunView.from_events(run_id, events[: cuts[stage["k"]]])  # never the end: the run stays live

    import rubric_ui.screens.present as present

    monkeypatch.setattr(present, "load_view", advancing_view)
    at = app(run=done.run_id, view="present")
    for k in range(3):
        stage["k"] = k + 1
        at.run()
        shown = run_payload(at)["present"]
        assert shown["follow"] and shown["start"] == len(shown["steps"]) - 1 == k + 1, shown["steps"]
