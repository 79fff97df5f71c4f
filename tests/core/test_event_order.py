"""A run's events reach every subscriber (the store) before readers of the handle can see them.

The browser test of cancel read the stored status right after the page showed
"Cancelled" and sometimes found `running`: the page reads `handle.events`, and
an event used to be listed there before the store had written it.
"""

from __future__ import annotations

from rubric_core.engine import RunHandle


def test_an_event_is_delivered_before_it_is_listed_or_ends_the_run() -> None:
    probes: list[tuple[str, bool, bool]] = []

    def probe(event) -> None:
        probes.append((event.type, event in handle.events, handle.done))

    handle = RunHandle("r1", [probe])
    handle.emit("run_started", {"turn": 0})
    handle.emit("draft", {"turn": 0, "iteration": 0, "text": "x"})
    handle.emit("cancelled", {"turn": 0, "iterations": 0})
    assert probes == [("run_started", False, False), ("draft", False, False), ("cancelled", False, False)]
    assert [e.type for e in handle.events] == ["run_started", "draft", "cancelled"] and handle.done
