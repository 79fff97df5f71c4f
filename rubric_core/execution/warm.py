"""Start the worker processes ahead of the first run, in the background, without slowing the first page.

The workers come from a forkserver that imports the agent stack (about 1.5 s of CPU on an idle core, 8 to 10 s on
this shared machine at a load of 15 to 19). `rubric-studio ui` and `make run` (rubric_ui/serve.py) start it with
the server, so its import runs while Streamlit itself starts, on the other core, and the forkserver is held
(stopped) from the moment the server listens until the first page is drawn (unless the machine is busier than its
cores, `hold_warm_up`): it took a core from that page when it ran through it (0.8 s of 4.2 s), and started only
after the page, the first Start waited for it (a first verdict 10.5 s after Start against 5.6 s, bench/first_run.py;
12.79 s against 3.43 s now, bench/first_page_and_run.py). A Start that comes while the workers are still starting is
taken at once and goes to the first worker up (processes.py). A server started otherwise (`streamlit run app.py`)
starts its workers after the first page (rubric_ui/app.py).
"""

from __future__ import annotations

import logging
import os
import signal
import threading
from collections.abc import Callable
from typing import Any

logger = logging.getLogger(__name__)

HOLD_CEILING_S = 30.0
"""The longest the forkserver is held: a first page that never ends does not keep the workers from starting."""
BUSY_LOAD_PER_CORE = 2.0
"""A 1-minute load average over this many per core: the machine is busy, and the warm-up is not held."""

_warming = threading.Event()
"""Set while this process's warm-up waits for its workers (the forkserver's import is under way)."""
_hold: dict[str, Any] = {}
"""`wanted` (its ceiling's timer) while a first page is drawn; `pid`, the forkserver stopped for it (at most one)."""
_hold_lock = threading.Lock()
_thread: list[threading.Thread] = []
"""The warm-up thread of this process, once started (the server starts it; the first page asks again)."""
_thread_setting: list[tuple[str, str]] = []
"""The settings (`_setting`) that thread started under."""


def start_worker_pool_in_background() -> threading.Thread:
    """Start this process's pool of workers (as $RUBRIC_STUDIO_WORKERS says) from a daemon thread.

    Nothing when runs go to threads (`RUBRIC_STUDIO_WORKERS=0`) or to a Dask cluster. This thread imports none
    of the agent stack (the forkserver does), so the caller is not slowed. A bad worker or Dask setting is left
    for Start to report beside the button, where the user can act on it. Once per process: a second call
    returns the first thread while it runs, or when it ended under the same settings; a changed setting (the
    workers asked for after runs went to threads) starts the pool it names.
    """

    def work() -> None:
        try:
            from rubric_core.execution.dask_settings import scheduler_address
            from rubric_core.execution.settings import worker_count

            workers = worker_count()
            if workers > 0 and not scheduler_address():
                from multiprocessing import forkserver

                from rubric_core.execution.processes import shared_pool

                pool = shared_pool(workers)  # sets the forkserver's preload
                if pool.context.get_start_method() == "forkserver":
                    forkserver.ensure_running()  # spawns it and returns: a hold asked for meanwhile applies now
                    _apply_hold(_forkserver_pid)
                pool.start()  # waits for the forkserver's import, then forks the workers
        except Exception:  # reported where it matters: Start says what is wrong with the setting
            logger.debug("Warm-up skipped", exc_info=True)
        finally:
            _warming.clear()
            release_warm_up()  # up (or failed): nothing left to hold

    setting = _setting()
    with _hold_lock:
        if _thread and (_thread[0].is_alive() or _thread_setting[0] == setting):
            return _thread[0]
        thread = threading.Thread(target=work, name="rubric-studio-warm-up", daemon=True)
        _thread[:] = [thread]
        _thread_setting[:] = [setting]
        _warming.set()
        thread.start()
    return thread


def _setting() -> tuple[str, str]:
    """The settings a warm-up acts on, as written ($RUBRIC_STUDIO_WORKERS, the Dask scheduler's): a warm-up that
    ended under other ones (threads, a bad value since fixed) does not stand for this one."""
    from rubric_core.execution.dask_settings import SCHEDULER_ENV
    from rubric_core.execution.settings import WORKERS_ENV

    return os.environ.get(WORKERS_ENV, ""), os.environ.get(SCHEDULER_ENV, "")


def _forkserver_pid() -> int | None:
    """The pid of this process's forkserver, once started (multiprocessing keeps it on its module's server)."""
    from multiprocessing import forkserver

    pid = getattr(getattr(forkserver, "_forkserver", None), "_forkserver_pid", None)
    return pid if isinstance(pid, int) else None


def machine_busy() -> bool:
    """More processes want a core than there are cores (the 1-minute load average over twice the cores)."""
    from rubric_core.execution.settings import machine_cores

    try:
        return os.getloadavg()[0] > BUSY_LOAD_PER_CORE * machine_cores()
    except OSError:
        return False


def hold_warm_up(
    *,
    pid_of: Callable[[], int | None] = _forkserver_pid,
    ceiling_s: float = HOLD_CEILING_S,
    busy: Callable[[], bool] = machine_busy,
) -> bool:
    """Stop the forkserver while its import of the agent stack is under way (a first page is being drawn).

    True when a hold is on: the forkserver is stopped, or will be as soon as the warm-up has spawned it. Nothing
    to hold when no warm-up waits (the workers are up, or go to threads or Dask), nor on a machine whose cores are
    oversubscribed already: there the forkserver takes a share of a core, not a core, from the page (holding it
    bought the first page nothing measurable at a load of 19 to 23 on 2 cores), and a hold would put the whole
    page on the first run's wait. `release_warm_up` continues it; so does a timer after `ceiling_s`, the
    warm-up's end, and this process's exit.
    """
    if not _warming.is_set() or busy():
        return False
    with _hold_lock:
        if "wanted" in _hold:
            return True
        timer = _hold["wanted"] = threading.Timer(ceiling_s, release_warm_up)
        timer.daemon = True
        timer.start()
    _apply_hold(pid_of)
    return True


def _apply_hold(pid_of: Callable[[], int | None]) -> None:
    """Stop the forkserver if a hold is wanted and it exists (from the hold, or from the warm-up once spawned)."""
    with _hold_lock:
        if "wanted" not in _hold or "pid" in _hold:
            return
        pid = pid_of()
        if pid is None:
            return
        try:
            os.kill(pid, signal.SIGSTOP)
        except OSError:  # gone already: nothing to hold
            return
        _hold["pid"] = pid


def release_warm_up() -> None:
    """End a hold (a no-op when none is on): once the first page is drawn, at the ceiling, at exit, and when the
    warm-up ends."""
    with _hold_lock:
        timer = _hold.pop("wanted", None)
        if timer is not None:
            timer.cancel()
        pid = _hold.pop("pid", None)
        if pid is None:
            return
        try:
            os.kill(pid, signal.SIGCONT)
        except OSError:
            logger.debug("The held forkserver is gone", exc_info=True)


def _release_at_exit() -> None:
    # A stopped forkserver never reads that its parent is gone: it would outlive the server, stopped.
    try:
        threading._register_atexit(release_warm_up)  # type: ignore[attr-defined]
    except (AttributeError, RuntimeError):
        import atexit

        atexit.register(release_warm_up)


_release_at_exit()
