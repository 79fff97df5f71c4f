"""Process-wide resources behind `st.cache_resource`: the store and the run manager.

The manager (and so the engine and the agent stack) is built lazily, on the
first action that needs it, so the first page renders before LangChain is
imported.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

import streamlit as st

from rubric_ui.session.drawn import mark_drawn

if TYPE_CHECKING:
    from rubric_core.execution.manager import RunManager
    from rubric_core.store import Store


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

    try:
        return get_store()
    except StoreError as exc:
        st.error(f"Cannot open the run store. {exc}")
        mark_drawn()
        st.stop()
        raise  # unreachable: st.stop raises


@st.cache_resource(show_spinner=False)
def warm_up() -> threading.Thread:
    """Once per process, after the first page is drawn (app.py): the worker processes' warm-up, in the background.

    `rubric-studio ui` and `make run` started it with the server (rubric_ui/serve.py): this returns that one.
    A server started by `streamlit run app.py` starts it here, not on the first Start (it would wait for it).
    """
    from rubric_core.execution.warm import start_worker_pool_in_background

    return start_worker_pool_in_background()


def release_warm_up() -> None:
    """After every page drawn (app.py): the workers' warm-up held while the first page was drawn goes on (a no-op
    when nothing is held: a few instructions)."""
    from rubric_core.execution.warm import release_warm_up as release

    release()
