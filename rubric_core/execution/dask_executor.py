"""Send runs to a Dask distributed cluster; follow them through the shared store.

The executor is what a RunManager delegates to when a scheduler is configured:
`start`, `resume` and `follow_up` submit one task each (dask_task.run_task) and
return a RemoteRun. Tasks carry the run's id and config, the store URL only when it
holds no password (else each worker uses its own $RUBRIC_STUDIO_DB_URL), and
provider keys only when the user typed them and allowed it (dask_config.py).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from rubric_core.config import RunConfig
from rubric_core.engine.handle import Subscriber
from rubric_core.execution.dask_config import (
    CONNECT_TIMEOUT_S,
    DaskConfigError,
    check_address,
    check_keys_for,
    check_store_for,
)
from rubric_core.execution.remote_run import RemoteRun
from rubric_core.store import Store
from rubric_core.store.urls import mask_url

logger = logging.getLogger(__name__)
FOLLOW_S = 0.25
"""How often live remote runs' new events are read from the store."""


class DaskExecutor:
    """Runs on a Dask cluster: one task per run part, the run followed through the store."""

    def __init__(self, address: str, store: Store, *, home: Path | str | None = None, client: Any = None) -> None:
        """Connect to the scheduler at `address` (DaskConfigError if it cannot be used, with the fix).

        `home` is the data directory whose checkpoints the workers share (one machine,
        SQLite); `client` an existing distributed.Client (tests).
        """
        check_address(address)
        check_store_for(address, store.url, store.display_url)
        self.address = address
        self.store = store
        self.home = str(home) if home else ""
        self.client = client if client is not None else connect(address)
        self._live: list[RemoteRun] = []
        self._lock = threading.Lock()
        self._follower: threading.Thread | None = None

    # ---- the RunManager's side ----------------------------------------------------------

    def start(
        self, config: RunConfig, *, keys: Mapping[str, str] | None = None, subscribers: Iterable[Subscriber] = ()
    ) -> RemoteRun:
        """Send a new run to the cluster."""
        from rubric_core.engine.runner import new_run_id

        return self._submit(
            {"mode": "start", "run_id": new_run_id(), "config": config.to_dict()}, keys, subscribers, first_seq=0
        )

    def resume(
        self, run_id: str, *, keys: Mapping[str, str] | None = None, subscribers: Iterable[Subscriber] = ()
    ) -> RemoteRun:
        """Send the resume of an interrupted or cancelled run (the manager checked it can be resumed)."""
        return self._submit({"mode": "resume", "run_id": run_id}, keys, subscribers, first_seq=None)

    def follow_up(
        self, run_id: str, message: str, *, rubric: str | None = None, keys: Mapping[str, str] | None = None
    ) -> RemoteRun:
        """Send a follow-up turn on a finished run's thread."""
        spec = {"mode": "follow_up", "run_id": run_id, "message": message, "rubric": rubric}
        return self._submit(spec, keys, (), first_seq=None)

    def close(self) -> None:
        """Disconnect from the scheduler (the runs sent go on on the cluster)."""
        self.client.close()

    # ---- submission and following -------------------------------------------------------

    def _submit(
        self,
        spec: dict[str, Any],
        keys: Mapping[str, str] | None,
        subscribers: Iterable[Subscriber],
        *,
        first_seq: int | None,
    ) -> RemoteRun:
        from rubric_core.execution.dask_task import run_task
        from rubric_core.store.requests import clear_requests

        sent_keys = {k: v for k, v in (keys or {}).items() if v}
        check_keys_for(self.address, sent_keys)
        run_id = spec["run_id"]
        expect = self.store.next_seq(run_id) if first_seq is None else first_seq
        if expect:
            clear_requests(self.store, run_id)  # an old cancel must not stop this new part
        has_password = self.store.display_url != self.store.url
        spec |= {
            "expect_seq": expect,
            "store_url": "" if has_password else self.store.url,
            "store_display": mask_url(self.store.url),
            "home": self.home,
            "keys": sent_keys,
        }
        # pure=False: every part is a new task. retries=0: only a dead worker makes Dask run it again,
        # and run_task then leaves a run its first attempt started as stored (interrupted, resumable).
        future = self.client.submit(run_task, spec, pure=False, retries=0, key=f"rubric-run-{run_id}-{expect}")
        handle = RemoteRun(run_id, self.store, future, first_seq=expect, subscribers=subscribers)
        with self._lock:
            self._live.append(handle)
            if self._follower is None or not self._follower.is_alive():
                self._follower = threading.Thread(target=self._follow, name="rubric-dask-follower", daemon=True)
                self._follower.start()
        return handle

    def _follow(self) -> None:
        stop = threading.Event()
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
            stop.wait(FOLLOW_S)


def connect(address: str) -> Any:
    """A distributed.Client on the scheduler, or DaskConfigError saying it cannot be reached and what to check."""
    from distributed import Client

    try:
        return Client(address, timeout=CONNECT_TIMEOUT_S, set_as_default=False)
    except (OSError, TimeoutError) as exc:
        detail = str(exc).strip() or type(exc).__name__
        msg = (
            f"Cannot reach the Dask scheduler at {address} ({detail[:300]}). Check that it runs "
            "(dask scheduler) and that the address in --scheduler or $RUBRIC_STUDIO_DASK_SCHEDULER is right."
        )
        raise DaskConfigError(msg) from None
