"""The Run page goes live at once after Resume, before the resumed run's first event arrives.

Seen in a browser test under load: Resume was clicked, the page redrew before the worker process had sent
the resumed run's first event, the view folded from the stored events still ended "Interrupted", so the
page drew no polling fragment and never looked again. A run this process is running is live, whatever
its stored events said last.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from rubric_core.engine import Engine
from rubric_core.manager import RunManager
from rubric_core.store import Store
from tests.core.helpers import PROCESS_TIMEOUT_S, example_config

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _fresh_resources():
    import streamlit as st

    st.cache_resource.clear()
    yield
    st.cache_resource.clear()


@dataclass
class _NotYetStarted:
    """A resumed run whose worker has not sent its first event yet (LiveRun's reading interface)."""

    run_id: str
    events: list[Any] = field(default_factory=list)
    cancel_requested: bool = False

    def subscribe(self, subscriber: Any) -> None:
        pass

    def cancel(self) -> None:
        self.cancel_requested = True

    def wait(self, timeout: float | None = None) -> bool:
        return False

    @property
    def done(self) -> bool:
        return False

    @property
    def last(self) -> Any:
        return None


def test_resume_makes_the_page_live_before_the_first_event(
    home: Path, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    handle = RunManager(Engine(home), store).start(example_config("haiku", model="offline:writer?latency=0.5"))
    handle.cancel()
    assert handle.wait(PROCESS_TIMEOUT_S)
    assert store.get_run(handle.run_id)["status"] == "cancelled"  # type: ignore[index]

    def resume(self: RunManager, run_id: str, **_: Any) -> Any:
        return self._keep(_NotYetStarted(run_id))

    monkeypatch.setattr(RunManager, "resume", resume)
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=90)
    at.query_params["run"] = handle.run_id
    at.run()
    assert not at.exception
    resume_button = next(b for b in at.button if b.key == "run_resume")
    resume_button.click().run()
    assert not at.exception
    keys = [b.key for b in at.button]
    assert "run_cancel" in keys and "run_resume" not in keys  # live: Cancel, no Resume
    assert not [m for m in at.markdown if "Cancelled ·" in m.value]
