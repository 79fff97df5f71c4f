"""Cancel pressed while a draft is being graded: the run stops before the next draft starts (issue 22, item 3)."""

from __future__ import annotations

import pytest

from rubric_core.config import RunConfig
from rubric_core.engine import Engine
from tests.core.helpers import PROCESS_TIMEOUT_S, CancelAt, of_type


@pytest.mark.parametrize("grader", ["offline:grader", "offline:grader?latency=0.3"])
def test_cancel_while_grading_writes_no_further_draft(db_url: str, engine: Engine, grader: str) -> None:
    # An unjudgeable criterion keeps the loop going to the cap: without the cancel there would be 6 drafts.
    cfg = RunConfig.from_dict(
        {
            "task": "Describe a lighthouse in two sentences.",
            "rubric": "- Is witty and original",
            "max_iterations": 6,
            "grader": grader,
        }
    )
    cancel = CancelAt("grading_started", 2)  # iteration 3 (0-based 2) is being graded
    handle = cancel.attach(engine.start(cfg, subscribers=[cancel]))
    assert handle.wait(PROCESS_TIMEOUT_S)
    assert handle.last.type == "cancelled", [e.type for e in handle.events]
    drafts = [e.data["iteration"] for e in of_type(handle, "draft")]
    assert drafts == [0, 1, 2], drafts


def test_cancel_while_the_next_draft_is_being_written_drops_that_draft(
    db_url: str, engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page is a moment behind the run: Cancel pressed on "checking draft 3" can reach the run while draft 4's
    model call is in flight. That draft is dropped unsaved, and Resume writes it once."""
    from rubric_core.models.offline import OfflineWriter

    handles: list = []
    calls = {"n": 0}
    original = OfflineWriter.respond

    def respond(self, messages, **kwargs):  # type: ignore[no-untyped-def]
        calls["n"] += 1
        if calls["n"] == 4:  # draft 4's model call, in flight
            handles[0].cancel()
        return original(self, messages, **kwargs)

    monkeypatch.setattr(OfflineWriter, "respond", respond)
    cfg = RunConfig.from_dict(
        {"task": "Describe a lighthouse in two sentences.", "rubric": "- Is witty and original", "max_iterations": 5}
    )
    handle = engine.start(cfg)
    handles.append(handle)
    assert handle.wait(PROCESS_TIMEOUT_S)
    assert handle.last.type == "cancelled", [e.type for e in handle.events]
    assert [e.data["iteration"] for e in of_type(handle, "draft")] == [0, 1, 2]
    assert engine.is_resumable(handle.run_id, cfg)
    again = engine.resume(handle.run_id, cfg, first_seq=handle.last.seq + 1)
    assert again.wait(PROCESS_TIMEOUT_S)
    assert again.last.type == "finished", [e.type for e in again.events]
    assert [e.data["iteration"] for e in of_type(again, "draft")] == [3, 4]
