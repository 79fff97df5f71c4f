"""The Run page cancels a run executing in another process (another dashboard, a Dask worker) through the store.

The run executes in this test process under its own manager (the "other process");
the page's manager never saw it start. Before, the page said "Running in another
process: cancel it there." and offered nothing. The run's writer is held inside
its second call until the cancel took effect, so it is live whenever the page looks.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from rubric_core.engine import Engine
from rubric_core.execution.manager import RunManager
from rubric_core.models.offline import OfflineWriter
from rubric_core.store import open_store
from tests.core.helpers import example_config

ROOT = Path(__file__).resolve().parents[2]
BOUND_S = 120.0


def test_cancel_on_the_run_page_stops_a_run_live_in_another_process(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    holder: dict[str, Any] = {"calls": 0, "held": threading.Event(), "attached": threading.Event()}
    original = OfflineWriter.respond

    def respond(self: OfflineWriter, messages: list[Any], **kwargs: Any) -> Any:
        holder["calls"] += 1
        if holder["calls"] == 2:
            holder["held"].set()
            assert holder["attached"].wait(BOUND_S)
            end = time.monotonic() + BOUND_S
            while not holder["handle"].cancel_requested and time.monotonic() < end:
                threading.Event().wait(0.02)
        return original(self, messages, **kwargs)

    monkeypatch.setattr(OfflineWriter, "respond", respond)
    store = open_store()
    elsewhere = RunManager(Engine(home), store)
    handle = elsewhere.start(example_config("haiku"))
    holder["handle"] = handle
    holder["attached"].set()
    assert holder["held"].wait(BOUND_S)

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=90)
    at.query_params["run"] = handle.run_id
    at.run()
    assert not at.exception
    assert not [c for c in at.caption if "cancel it there" in c.value]
    cancel = next(b for b in at.button if b.key == "run_cancel")
    assert cancel.label == "Cancel"
    cancel.click().run()
    assert not at.exception
    assert next(b for b in at.button if b.key == "run_cancel").label == "Cancelling…"

    assert handle.wait(BOUND_S)
    assert handle.last is not None and handle.last.type == "cancelled"
    assert store.get_run(handle.run_id)["status"] == "cancelled"  # type: ignore[index]
    store.close()
