"""A child process for the kill tests: one offline run, store subscribed, stopped at a known point.

Usage: `python tests/core/kill_target.py POINT [EXAMPLE]`, POINT one of
- `drafting:N`: inside the writer's call for iteration N (every earlier step is
  checkpointed and stored; the draft of N is not);
- `grading:N`: inside the grading pass of iteration N, right after its verdict
  was stored (the pass's checkpoint is not written yet).

Prints the run id, then `at POINT` once the run is held there, and waits to be
killed. The test kills on that line, so where the kill lands does not depend on
how fast the machine is.
"""

from __future__ import annotations

import sys
import threading
from typing import Any

from rubric_core.config import RunConfig
from rubric_core.engine import Engine
from rubric_core.examples import get_example
from rubric_core.models.offline import OfflineWriter
from rubric_core.store import open_store

_held = threading.Event()


def _hold(point: str) -> None:
    print(f"at {point}", flush=True)
    _held.set()
    threading.Event().wait()  # until SIGKILL


def main() -> None:
    point = sys.argv[1]
    kind, _, number = point.partition(":")
    target = int(number)
    if kind not in ("drafting", "grading"):
        raise SystemExit(f"unknown point {point!r}: drafting:N or grading:N")
    ex = get_example(sys.argv[2] if len(sys.argv) > 2 else "haiku")
    if kind == "drafting":
        calls = [0]
        original = OfflineWriter.respond

        def respond(self: OfflineWriter, messages: list[Any], **kwargs: Any) -> Any:
            calls[0] += 1
            if calls[0] - 1 == target:
                _hold(point)
            return original(self, messages, **kwargs)

        OfflineWriter.respond = respond  # type: ignore[method-assign]

    def on_event(event: Any) -> None:  # after the store's subscriber: the event is stored
        if kind == "grading" and event.type == "evaluation" and event.data.get("iteration") == target:
            _hold(point)

    config = RunConfig.from_dict({"task": ex.task, "rubric": ex.rubric, "model": "offline:writer"})
    store = open_store()
    handle = Engine().start(config, subscribers=[store.record, on_event])
    print(handle.run_id, flush=True)
    handle.wait()
    if not _held.is_set():
        print(f"ended before {point}: {handle.last.type if handle.last else None}", flush=True)
        sys.exit(1)


if __name__ == "__main__":
    main()
