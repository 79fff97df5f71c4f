"""The Dask backend: each run part is one task on a Dask distributed cluster, followed here through the store.

Workers need the project installed, the team database in $RUBRIC_STUDIO_DB_URL and
provider keys in their own environment (docs/SCALING.md). A task carries the job
without secrets: the store URL only when it holds no password (else each worker
uses its own, checked to name the same database), and API keys typed in a browser
session only when the scheduler is on this machine or the user allowed it
(dask_settings.py). Events are not shipped back: the worker stores them, and a
DaskRunHandle reads them from the store, so any dashboard on the database sees them.

When a worker dies, Dask runs its task again elsewhere; the task then sees the run
has moved on and returns without touching it (dask_task.py), and this backend
records the run `interrupted` (resumable), as every backend does for a lost worker.
"""

from __future__ import annotations

import dataclasses
import logging
import threading
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from rubric_core.execution.backend import RunJob
from rubric_core.execution.dask_handle import DaskRunHandle
from rubric_core.execution.dask_settings import (
    CONNECT_TIMEOUT_S,
    DaskConfigError,
    check_address,
    check_keys_for,
    check_store_for,
    is_loopback,
)

if TYPE_CHECKING:
    from rubric_core.engine.handle import Subscriber
    from rubric_core.store import Store

logger = logging.getLogger(__name__)
FOLLOW_S = 0.25
"""How often the new events of live runs are read from the store."""


class DaskBackend:
    """Executes RunJobs on a Dask cluster; one per process (the dashboard's, or a CLI command's)."""

    name = "dask"
    saver_here = True  # a PostgreSQL store: connecting to its checkpoint schema is the check

    def __init__(self, address: str, store: Store, *, client: Any = None) -> None:
        """Connect to the scheduler at `address`; DaskConfigError (a ValueError) with the fix if it cannot be used.

        `store` is this process's (the one the workers must share); `client` an existing
        distributed.Client (tests with a LocalCluster).
        """
        check_address(address)
        check_store_for(address, store.url, store.display_url)
        self.address = address
        self.store = store
        self.local = is_loopback(address)
        """Scheduler (so its workers) on this machine: they share this data directory and may get typed keys."""
        self.client = client if client is not None else connect(address)
        self._live: list[DaskRunHandle] = []
        self._lock = threading.Lock()
        self._follower: threading.Thread | None = None

    def submit(self, job: RunJob, subscribers: Iterable[Subscriber] = ()) -> DaskRunHandle:
        """Send the job to the cluster (returns at once); ValueError for keys that may not be sent there."""
        from rubric_core.execution.dask_task import run_task
        from rubric_core.store.requests import clear_requests
        from rubric_core.store.urls import mask_url

        keys = {k: v for k, v in job.keys.items() if v}
        check_keys_for(self.address, keys)
        if job.mode != "start":
            clear_requests(self.store, job.run_id)  # an old cancel must not stop this new part
        has_password = _holds_secret(self.store.url)
        sent = dataclasses.replace(
            job,
            db_url="" if has_password else job.db_url,
            home=job.home if self.local else "",  # a remote worker keeps checkpoints where its own config says
            keys=keys,
            # The worker reads the stored events itself: task arguments stay small whatever the run's length.
            prior=dataclasses.replace(job.prior, events=[]) if job.prior is not None else None,
        )
        # pure=False: every part is a new task. retries=0: only a dead worker makes Dask run it again.
        future = self.client.submit(
            run_task,
            sent,
            mask_url(self.store.url),
            pure=False,
            retries=0,
            key=f"rubric-run-{job.run_id}-{job.first_seq}",
        )
        handle = DaskRunHandle(job.run_id, self.store, future, first_seq=job.first_seq, subscribers=subscribers)
        with self._lock:
            self._live.append(handle)
            if self._follower is None or not self._follower.is_alive():
                self._follower = threading.Thread(target=self._follow, name="rubric-dask-follower", daemon=True)
                self._follower.start()
        return handle

    def shutdown(self) -> None:
        """Disconnect from the scheduler. Runs already sent go on on the cluster: they are the team's, not this process's."""
        try:
            self.client.close()
        except Exception:  # already closed, or the scheduler is gone
            logger.info("Closing the Dask client failed", exc_info=True)

    def _follow(self) -> None:
        pause = threading.Event()
        while True:
            with self._lock:
                self._live = [h for h in self._live if not h.done]
                live = list(self._live)
                if not live:
                    self._follower = None
                    return
            for handle in live:
                try:
                    handle.poll()
                except Exception:  # a database hiccup: the next round reads again
                    logger.exception("Following run %s failed", handle.run_id)
            pause.wait(FOLLOW_S)


def _holds_secret(url: str) -> bool:
    """Whether a database URL carries a password (in its user info or its query string)."""
    from sqlalchemy.engine import make_url

    from rubric_core.store.urls import _SECRET_QUERY_KEYS

    try:
        parsed = make_url(url)
    except Exception:  # noqa: BLE001 -- unparsable: treat as secret, the worker's own URL is used
        return True
    return bool(parsed.password) or any(k.lower() in _SECRET_QUERY_KEYS for k in parsed.query)


def connect(address: str) -> Any:
    """A distributed.Client on the scheduler, or DaskConfigError saying it cannot be reached and what to check."""
    from distributed import Client

    _probe(address)
    try:
        return Client(address, timeout=CONNECT_TIMEOUT_S, set_as_default=False)
    except (OSError, TimeoutError) as exc:
        raise DaskConfigError(_unreachable(address, str(exc).strip() or type(exc).__name__)) from None


def _probe(address: str) -> None:
    """Fail at once when nothing listens at a tcp:// address (Dask itself retries a refused connection until its timeout)."""
    import socket

    from rubric_core.execution.dask_settings import scheduler_host

    if not address.startswith("tcp://"):
        return
    port = int(address.rpartition(":")[2])
    try:
        socket.create_connection((scheduler_host(address), port), timeout=CONNECT_TIMEOUT_S).close()
    except OSError as exc:
        raise DaskConfigError(_unreachable(address, exc.strerror or str(exc) or type(exc).__name__)) from None


def _unreachable(address: str, detail: str) -> str:
    return (
        f"Cannot reach the Dask scheduler at {address} ({detail[:300]}). Check that it runs "
        "(dask scheduler) and that the address in --scheduler or $RUBRIC_STUDIO_DASK_SCHEDULER is right."
    )


class UnusableBackend:
    """Stands in for a Dask backend whose setting cannot work: every submit is refused with the fix.

    The dashboard builds its manager once per process; a bad $RUBRIC_STUDIO_DASK_SCHEDULER must
    not break the pages that only read the store, nor silently run the runs on this machine.
    """

    name = "dask"
    saver_here = True  # a PostgreSQL store: connecting to its checkpoint schema is the check

    def __init__(self, message: str) -> None:
        self.message = message

    def submit(self, job: RunJob, subscribers: Iterable[Subscriber] = ()) -> DaskRunHandle:
        """Refuse (ValueError with the message): nothing is started or stored."""
        raise DaskConfigError(self.message)

    def shutdown(self) -> None:
        """Nothing to release."""


def backend_from_env(store: Store) -> DaskBackend | UnusableBackend | None:
    """The Dask backend $RUBRIC_STUDIO_DASK_SCHEDULER asks for; None when unset; UnusableBackend if it cannot work."""
    from rubric_core.execution.dask_settings import scheduler_address

    try:
        address = scheduler_address()
        return DaskBackend(address, store) if address else None
    except DaskConfigError as exc:
        logger.warning("Runs cannot go to the Dask cluster: %s", exc)
        return UnusableBackend(str(exc))
