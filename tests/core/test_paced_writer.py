"""Issue 39 item 1: `offline:writer?pace=...` streams the offline writer's answers at a pace a person can follow.

Off by default (the writer then answers at once, as every other test runs it). Waits are on what the store
holds; the pace's pieces are held at a known piece by an event the test releases, never a sleep.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessageChunk, HumanMessage

from rubric_core.engine import Engine
from rubric_core.execution.manager import RunManager
from rubric_core.models.offline import OfflineWriter
from rubric_core.models.paced import PacedWriter
from rubric_core.models.pacing import Pace
from rubric_core.models.providers import ModelSpecError, build_chat_model, parse_model_spec
from rubric_core.store import Store
from rubric_core.store.live_preview import read_live
from tests.core.helpers import example_config

DEADLINE_S = 120.0


def test_the_pace_is_off_by_default_and_read_from_the_spec() -> None:
    plain = build_chat_model(parse_model_spec("offline:writer"))
    assert type(plain) is OfflineWriter and type(plain)._stream is BaseChatModel._stream  # answers at once
    paced = build_chat_model(parse_model_spec("offline:writer?pace=6wps&latency=0.1"))
    assert isinstance(paced, PacedWriter) and paced.pace == Pace(6.0, "words") and paced.latency == 0.1
    assert parse_model_spec("offline:writer?pace=40").pace == Pace(40.0, "chars")
    assert parse_model_spec("offline:writer?pace=40CPS").pace.label() == "40 characters a second"
    with pytest.raises(ModelSpecError, match="offline:grader takes only"):
        parse_model_spec("offline:grader?pace=40")
    with pytest.raises(ModelSpecError, match="is not a speed"):
        parse_model_spec("offline:writer?pace=quick")


def test_a_pace_cuts_the_text_into_pieces_due_at_its_speed() -> None:
    assert list(Pace(2, "words").pieces("one two  three")) == [("one ", 0.5), ("two  ", 1.0), ("three", 1.5)]
    pieces = list(Pace(100, "chars").pieces("abcdefghijkl"))  # 100 a second: 5 characters a piece (20 a second)
    assert pieces == [("abcde", 0.05), ("fghij", 0.1), ("kl", 0.12)]
    assert list(Pace(40, "chars").pieces("")) == []


def test_the_paced_writer_streams_the_answer_the_writer_gives() -> None:
    task = [HumanMessage(example_config("haiku").task)]
    whole = OfflineWriter().invoke(task)
    chunks = list(PacedWriter(pace_rate=400).stream(task))
    assert len(chunks) > 3 and all(isinstance(c, AIMessageChunk) for c in chunks)
    assert "".join(str(c.content) for c in chunks) == whole.content
    assert chunks[-1].usage_metadata is not None and chunks[-1].usage_metadata["output_tokens"] > 0
    # A tool call (the fixer's file) comes whole with the last chunk.
    code_task = [HumanMessage(example_config("find-duplicates").task)]
    tools = [{"type": "function", "function": {"name": "write_file", "parameters": {}}}]
    merged: Any = None
    for chunk in PacedWriter(pace_rate=5000).bind_tools(tools).stream(code_task):
        merged = chunk if merged is None else merged + chunk
    assert [c["name"] for c in merged.tool_calls] == ["write_file"]
    assert merged.tool_calls[0]["args"]["file_path"] == "/find_duplicates.py"


def test_a_paced_run_shows_its_draft_being_written(
    store: Store, engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first draft (20 characters a piece at 400 a second) is held after its third piece: the live row has those pieces, the store no draft."""
    release = threading.Event()
    original = Pace.pieces
    calls = {"n": 0}

    def held(self: Pace, text: str) -> Iterator[tuple[str, float]]:
        first = calls["n"] == 0
        calls["n"] += 1
        for n, piece in enumerate(original(self, text)):
            if first and n == 3:
                assert release.wait(DEADLINE_S)
            yield piece

    monkeypatch.setattr(Pace, "pieces", held)
    config = example_config("haiku", model="offline:writer?pace=400")
    handle = RunManager(engine, store).start(config)
    try:
        end = time.monotonic() + DEADLINE_S
        row = None
        while time.monotonic() < end:
            row = read_live(store, handle.run_id)
            if row is not None and row["text"]:
                break
            time.sleep(0.02)
        assert row is not None and row["text"], "the draft's first pieces never reached the live row"
        first_draft = OfflineWriter().invoke([HumanMessage(config.task)]).content
        assert first_draft.startswith(row["text"]) and row["text"] != first_draft
        assert "draft" not in [e.type for e in store.run_events(handle.run_id)]
    finally:
        release.set()
    assert handle.wait(DEADLINE_S)
    assert handle.last is not None and handle.last.data["status"] == "satisfied"
    assert read_live(store, handle.run_id) is None
