"""Present for someone who has never seen the tool (issue 33 items 5, 6 and 7): what the run came to in one
sentence, every turn's ask and rubric, the replay on the final draft (the newest step while live), the specs
behind a Details fold, text in the page's font."""

from __future__ import annotations

import html

import pytest
from streamlit.testing.v1 import AppTest

from rubric_core.engine import Engine
from rubric_core.execution.manager import RunManager
from rubric_core.store import Store
from rubric_core.views.run_view import RunView
from tests.core.helpers import PROCESS_TIMEOUT_S, example_config
from tests.ui.test_pages import app

FOLLOW_UP = "Now write it about autumn."
NEW_RUBRIC = "- Exactly three lines\n- Mentions autumn"


def _html(at: AppTest) -> str:
    return "\n".join(str(h.value) for h in at.get("html"))


def _markdown(at: AppTest) -> str:
    return "\n".join(str(m.value) for m in at.markdown)


def test_present_tells_every_turn_with_its_ask_rubric_heatmap_and_sentence(store: Store, engine: Engine) -> None:
    """Before, the follow-up appeared nowhere, turn 1's task sat beside turn 2's rubric, and one heatmap showed."""
    manager = RunManager(engine, store)
    first = manager.start(example_config("haiku"))
    assert first.wait(PROCESS_TIMEOUT_S)
    assert manager.follow_up(first.run_id, FOLLOW_UP, rubric=NEW_RUBRIC).wait(PROCESS_TIMEOUT_S)
    at = app(run=first.run_id, view="present")
    assert not at.exception
    page = _html(at)
    assert (
        '<p class="rs-verdict-sentence"' in page
        and "Turn 2 of 2 (the last follow-up): Satisfied after 1 draft: both criteria met." in page
    )
    blocks = [str(h.value) for h in at.get("html") if "rs-prose" in str(h.value)]
    assert any(html.escape(FOLLOW_UP) in b for b in blocks), "the follow-up message is shown"
    assert any(html.escape(NEW_RUBRIC) in b for b in blocks) and any("5-7-5" in b for b in blocks)
    text = _markdown(at)
    assert "**Turn 1 · Task** — Satisfied after 3 drafts: all 3 criteria met\\." in text
    assert "**Turn 2 · Follow-up**" in text
    assert "**Turn 1: criteria by draft**" in text and "**Turn 2: criteria by draft**" in text
    frames = [f for f in at.get("iframe") if "rs-hm-grid" in getattr(f.proto, "srcdoc", "")]
    assert len(frames) == 2, "a heatmap per turn"
    # The replay opens on the final draft (turn 2's), labelled by turn.
    # Turn 1: 3 drafts, 3 verdicts, 2 feedbacks; turn 2: 1 draft, 1 verdict. The final draft is step 9 of 10.
    assert "#### Step 9 of 10 · Turn 2 · iteration 1 · Draft" in text


@pytest.mark.parametrize("example", ["haiku"])
def test_specs_are_behind_a_details_fold(store: Store, engine: Engine, example: str) -> None:
    run_id = engine.execute(example_config(example), subscribers=[store.record]).run_id
    at = app(run=run_id, view="present")
    details = next(e for e in at.expander if e.label == "Details")
    inside = "\n".join(str(m.value) for m in details.markdown)
    assert "offline:writer" in inside and "tokens" in inside and run_id in inside
    outside = [str(c.value) for c in at.caption] + [str(m.value) for m in at.markdown if m not in details.markdown]
    assert not any("offline:writer" in t and "graded by" in t for t in outside), outside


def test_a_live_run_s_replay_follows_its_newest_step(
    store: Store, engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    """During a live run the replay shows the newest step as it comes; a step picked by hand stays put."""
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
    seen = []
    for k in range(3):
        stage["k"] = k + 1
        at.run()
        title = next(str(m.value) for m in at.markdown if str(m.value).startswith("#### Step "))
        seen.append(title)
        n, total = (int(x) for x in title.split(" · ")[0].removeprefix("#### Step ").split(" of "))
        assert n == total == k + 2, f"the newest step while live: {title}"
    at.button(key="present_first").click().run()
    stage["k"] = 4
    at.run()
    assert any(str(m.value).startswith("#### Step 1 of 5") for m in at.markdown), "picked by hand: it stays"
