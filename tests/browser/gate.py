"""Hold a live run at a known point so a browser test can look at it, then let it go.

A run that paces itself with `?latency=SECONDS` is only live for as long as the
machine is fast enough; on a loaded machine the page may show two verdicts in
one redraw, or the run may end before a click lands. A gated run cannot: the
test server (see `launch_app.py`) patches the offline writer so that, in a run
that claimed the gate, writer call N (0-based, counted per run in the server
process) waits until the test has released call N. The real deep agent and
RubricMiddleware loop still run; only the writer's answer waits.

Protocol, all files under the server's `<home>/gates/`:
- the test arms the gate (`armed`); the next run whose first writer call comes
  while it is armed claims it (`armed` is renamed to `claimed-<run_id>`);
- `allow-<run_id>` holds the number of writer calls the run may make
  (at claim time, the number `armed` holds: 1 unless the test armed it with
  `free=0`, which holds the first draft too);
- the test raises that number with `Gates.release`; `Gates.release_all` lets
  every gated run finish (the per-test teardown calls it).
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

GATES_ENV = "RUBRIC_STUDIO_TEST_GATES"
"""Set by the test server: the directory of gate files. Unset: nothing is patched."""
RELEASE_ALL = 1_000_000
_POLL_S = 0.02


class Gates:
    """The test's side: arm the gate, find the run that claimed it, release its writer calls."""

    def __init__(self, directory: Path) -> None:
        self.dir = directory
        self.dir.mkdir(parents=True, exist_ok=True)

    def arm(self, *, free: int = 1) -> None:
        """The next run to start is held before each writer call after its first `free` ones (1: the first draft
        is free; 0: it is held too, until the test releases it)."""
        (self.dir / "armed").write_text(str(free), encoding="utf-8")

    def disarm(self) -> None:
        """Forget an arm no run claimed."""
        (self.dir / "armed").unlink(missing_ok=True)

    def claimed(self) -> list[str]:
        """Run ids that claimed the gate, oldest first."""
        files = sorted(self.dir.glob("claimed-*"), key=lambda p: p.stat().st_mtime_ns)
        return [p.name.removeprefix("claimed-") for p in files]

    def wait_claimed(self, page: Any, run_id: str, *, timeout_s: float = 120) -> None:
        """Until run `run_id` has claimed the gate (its first writer call reached the server's gate: the claim
        file is written then, which may come after the page already shows the run starting)."""
        deadline = time.monotonic() + timeout_s
        while run_id not in self.claimed():
            assert time.monotonic() < deadline, f"run {run_id} never claimed the gate: {self.claimed()}"
            page.wait_for_timeout(20)  # lets the page's own events run while the gate directory is polled

    def release(self, run_id: str, calls: int) -> None:
        """Let run `run_id` make `calls` writer calls in all (a count, not an increment)."""
        tmp = self.dir / f".allow-{run_id}.tmp"
        tmp.write_text(str(calls), encoding="utf-8")
        tmp.replace(self.dir / f"allow-{run_id}")  # atomic: the server never reads half a number

    def release_all(self) -> None:
        """Disarm, and let every gated run run to its end."""
        self.disarm()
        for run_id in self.claimed():
            self.release(run_id, RELEASE_ALL)


# ---- the server's side ------------------------------------------------------------------


class _ServerGate:
    def __init__(self, directory: Path) -> None:
        self.dir = directory
        self.calls: dict[str, int] = {}

    def before_writer_call(self, run_id: str) -> None:
        n = self.calls.get(run_id, 0)
        self.calls[run_id] = n + 1
        allow = self.dir / f"allow-{run_id}"
        if n == 0:
            claimed = self.dir / f"claimed-{run_id}"
            try:
                os.rename(self.dir / "armed", claimed)
            except FileNotFoundError:
                return  # not armed: this run is never held
            self._write_allow(allow, self._allowed(claimed) if claimed.read_text(encoding="utf-8") else 1)
        if not allow.exists():
            return  # a run that never claimed the gate
        while self._allowed(allow) <= n:
            time.sleep(_POLL_S)  # the model "thinking" until the test lets it answer

    @staticmethod
    def _write_allow(path: Path, calls: int) -> None:
        tmp = path.with_name(f".{path.name}.tmp")
        tmp.write_text(str(calls), encoding="utf-8")
        tmp.replace(path)

    @staticmethod
    def _allowed(path: Path) -> int:
        try:
            return int(path.read_text(encoding="utf-8") or 0)
        except (OSError, ValueError):
            return 0


def install_from_env() -> None:
    """In the server process: hold gated runs before their writer answers (no-op unless GATES_ENV is set)."""
    directory = os.environ.get(GATES_ENV)
    if not directory:
        return
    from rubric_core.models.offline import OfflineWriter

    gate = _ServerGate(Path(directory))
    original = OfflineWriter.respond

    def respond(self: OfflineWriter, messages: list[Any], **kwargs: Any) -> Any:
        from langgraph.config import get_config

        run_id = str(get_config().get("configurable", {}).get("thread_id") or "")
        if run_id:
            gate.before_writer_call(run_id)
        return original(self, messages, **kwargs)

    OfflineWriter.respond = respond  # type: ignore[method-assign]
