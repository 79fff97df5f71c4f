"""The workers' warm-up is held while the first page is drawn (issue 40 item 9, follow-up).

The forkserver starts with the server and imports the agent stack on the other core while Streamlit starts; from
the moment the server listens until the first page is drawn it is stopped (SIGSTOP), then continued (SIGCONT), so
it takes no core from that page and the first Start does not wait for an import begun only after it. Here a child
process stands in for the forkserver; every wait polls the process's state with a generous ceiling.
"""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator

import psutil
import pytest

from rubric_core.execution import warm

DEADLINE_S = 60.0


@pytest.fixture
def child() -> Iterator[subprocess.Popen]:
    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    yield proc
    warm.release_warm_up()
    proc.kill()
    proc.wait(DEADLINE_S)


@pytest.fixture
def warming() -> Iterator[None]:
    warm._warming.set()
    yield
    warm._warming.clear()


def _wait_status(pid: int, stopped: bool, *, released: bool = False) -> None:
    """Poll until the process is stopped (or not), and with `released` until no hold is on either."""
    deadline = time.monotonic() + DEADLINE_S
    while (psutil.Process(pid).status() == psutil.STATUS_STOPPED) != stopped or (released and warm._hold):
        assert time.monotonic() < deadline, f"the process never became {'stopped' if stopped else 'running'}"
        time.sleep(0.02)


def test_held_while_warming_then_released(child: subprocess.Popen, warming: None) -> None:
    assert warm.hold_warm_up(pid_of=lambda: child.pid, busy=lambda: False)
    _wait_status(child.pid, stopped=True)
    assert warm.hold_warm_up(pid_of=lambda: child.pid, busy=lambda: False)  # a second hold holds nothing more
    warm.release_warm_up()
    _wait_status(child.pid, stopped=False)
    warm.release_warm_up()  # nothing held: nothing happens
    assert psutil.Process(child.pid).status() != psutil.STATUS_STOPPED


def test_a_hold_ends_at_its_ceiling(child: subprocess.Popen, warming: None) -> None:
    """A first page that never ends does not keep the workers from starting."""
    assert warm.hold_warm_up(pid_of=lambda: child.pid, ceiling_s=0.5, busy=lambda: False)
    _wait_status(child.pid, stopped=False, released=True)  # released by the ceiling, nobody called release


def test_nothing_is_held_when_no_warm_up_waits(child: subprocess.Popen) -> None:
    """The workers are up already (or runs go to threads or Dask): the first page holds nothing."""
    assert not warm._warming.is_set()
    assert not warm.hold_warm_up(pid_of=lambda: child.pid, busy=lambda: False)
    assert psutil.Process(child.pid).status() != psutil.STATUS_STOPPED


def test_a_hold_asked_before_the_forkserver_exists_applies_once_it_is_spawned(
    child: subprocess.Popen, warming: None
) -> None:
    """The server may listen before its warm-up has spawned the forkserver (its own imports, on a loaded machine)."""
    assert warm.hold_warm_up(pid_of=lambda: None, busy=lambda: False)
    assert "pid" not in warm._hold
    warm._apply_hold(lambda: child.pid)  # what the warm-up does right after spawning it
    _wait_status(child.pid, stopped=True)
    warm.release_warm_up()
    _wait_status(child.pid, stopped=False)


def test_a_hold_released_before_the_forkserver_exists_stops_nothing(child: subprocess.Popen, warming: None) -> None:
    """The first page was drawn before the warm-up spawned the forkserver: nothing is held after it."""
    assert warm.hold_warm_up(pid_of=lambda: None, busy=lambda: False)
    warm.release_warm_up()
    warm._apply_hold(lambda: child.pid)
    assert psutil.Process(child.pid).status() != psutil.STATUS_STOPPED and not warm._hold


def test_nothing_is_held_on_a_busy_machine(child: subprocess.Popen, warming: None) -> None:
    """Cores oversubscribed already: the forkserver takes a share of one from the page, and holding it would put the
    whole first page on the first run's wait."""
    assert not warm.hold_warm_up(pid_of=lambda: child.pid, busy=lambda: True)
    assert psutil.Process(child.pid).status() != psutil.STATUS_STOPPED and not warm._hold


def test_busy_is_a_load_over_twice_the_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("rubric_core.execution.settings.machine_cores", lambda: 2)
    monkeypatch.setattr(warm.os, "getloadavg", lambda: (4.5, 0.0, 0.0))
    assert warm.machine_busy()
    monkeypatch.setattr(warm.os, "getloadavg", lambda: (3.5, 0.0, 0.0))
    assert not warm.machine_busy()
