"""Process-wide resources behind `st.cache_resource`: the store and the run manager.

The manager (and so the engine and the agent stack) is built lazily, on the
first action that needs it, so the first page renders before LangChain is
imported.
"""

from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING

import streamlit as st

if TYPE_CHECKING:
    from rubric_core.execution.manager import RunManager
    from rubric_core.store import Store

logger = logging.getLogger(__name__)


@st.cache_resource(show_spinner=False)
def get_store() -> Store:
    """The store of this process (StoreError if it cannot be opened)."""
    from rubric_core.store import open_store

    return open_store()


@st.cache_resource(show_spinner=False)
def get_manager() -> RunManager:
    """The run manager of this process: runs survive page switches, reloads and other tabs."""
    from rubric_core.engine import Engine
    from rubric_core.execution.dask_backend import backend_from_env
    from rubric_core.execution.manager import RunManager

    store = get_store()
    # $RUBRIC_STUDIO_DASK_SCHEDULER: runs go to the team's Dask cluster (a bad setting refuses each Start).
    return RunManager(Engine(), store, backend=backend_from_env(store))


def store_or_stop() -> Store:
    """The store, or an error message and a stopped page when it cannot be opened."""
    from rubric_core.store import StoreError
    from rubric_ui.sidebar import mark_drawn

    try:
        return get_store()
    except StoreError as exc:
        st.error(f"Cannot open the run store. {exc}")
        mark_drawn()
        st.stop()
        raise  # unreachable: st.stop raises


@st.cache_resource(show_spinner=False)
def warm_up() -> threading.Thread:
    """Once per process, on the first page drawn (app.py): start the worker processes.

    The first Start of a server otherwise spent about 1.2 s starting the pool (waiting on the new worker
    processes) while the browser showed the editor faded; later Starts take milliseconds. Runs in the
    background and only waits on the workers' own start (this process imports none of the agent stack for
    it), so the page the user sees is not slowed. A bad worker or Dask setting is left for Start to report
    beside the button.
    """

    def work() -> None:
        try:
            from rubric_core.execution.dask_settings import scheduler_address
            from rubric_core.execution.settings import worker_count

            workers = worker_count()
            if workers > 0 and not scheduler_address():
                from rubric_core.execution.processes import shared_pool

                shared_pool(workers).start()
        except Exception:  # reported where it matters: Start says what is wrong with the setting
            logger.debug("Warm-up skipped", exc_info=True)

    thread = threading.Thread(target=work, name="rubric-studio-warm-up", daemon=True)
    thread.start()
    return thread
