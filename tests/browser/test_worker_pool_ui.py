"""The dashboard with runs in worker processes (the default): a run is live on the page and Cancel stops it.

Its own server, not gated (the gate patches the writer in the server process
only) and started with one worker process.
"""

from __future__ import annotations

import time

import psutil
import pytest

from tests.browser.helpers import (
    PAGE_RECORDER_JS,
    STEP_TIMEOUT_MS,
    click_cancel,
    open_server_store,
    start_example,
    wait_for_verdict,
    wait_run_status,
    watched_page,
)
from tests.browser.server import AppServer


@pytest.fixture(scope="module")
def pool_server(tmp_path_factory: pytest.TempPathFactory):
    srv = AppServer(tmp_path_factory.mktemp("pool-home"), env={"RUBRIC_STUDIO_WORKERS": "1"})
    yield srv
    srv.stop()


@pytest.fixture
def pool_page(browser):
    context = browser.new_context(viewport={"width": 1440, "height": 1000})
    context.add_init_script(PAGE_RECORDER_JS)
    context.set_default_timeout(STEP_TIMEOUT_MS)
    yield watched_page(context)
    context.close()


def test_a_pooled_run_is_live_on_the_page_and_cancels(pool_page, pool_server: AppServer) -> None:
    page = pool_page
    run_id = start_example(page, pool_server, "haiku", model="offline:writer?latency=1.5")
    wait_for_verdict(page, 0, live=True)  # the worker's events reach the page while the run is live
    with open_server_store(pool_server) as store:
        run = store.get_run(run_id)
        assert run is not None and run["worker"] and run["worker"].split("|")[1] != str(pool_server.proc.pid)
    click_cancel(page)
    page.get_by_text("Cancelled ·", exact=False).wait_for(timeout=60_000)
    assert wait_run_status(pool_server, run_id, {"cancelled"})["status"] == "cancelled"


def test_stopping_the_server_leaves_a_pooled_run_interrupted(pool_page, tmp_path_factory) -> None:
    """SIGTERM of the server: its worker records the run `interrupted` (resumable) before the server exits."""
    import sqlite3

    server = AppServer(tmp_path_factory.mktemp("pool-stop-home"), env={"RUBRIC_STUDIO_WORKERS": "1"})
    try:
        run_id = start_example(pool_page, server, "haiku", model="offline:writer?latency=1.5")
        wait_for_verdict(pool_page, 0, live=True)
    finally:
        server.stop()  # SIGTERM, as a service manager stops it
    assert server.proc.returncode is not None
    with sqlite3.connect(server.home / "runs.sqlite") as conn:
        status, error = conn.execute("SELECT status, error FROM runs WHERE id = ?", (run_id,)).fetchone()
    assert status == "interrupted" and "resume" in error


def _pool_workers(server: AppServer) -> list[psutil.Process]:
    """The server's worker processes: the children of its forkserver (which is forked from the server)."""
    workers = []
    for child in psutil.Process(server.proc.pid).children():
        try:
            if "forkserver" in " ".join(child.cmdline()):
                workers += child.children()
        except psutil.NoSuchProcess:
            continue
    return workers


def test_the_server_warms_its_workers_and_the_first_page_lets_them_start(pool_page, tmp_path_factory) -> None:
    """`make run` and `rubric-studio ui`: the workers' forkserver starts with the server (its import of the agent
    stack runs while Streamlit starts), is held while the first page is drawn (tests/core/test_warm_hold.py), and
    once that page is drawn the workers come up on their own, before any Start, the forkserver not left stopped
    (issue 40 item 9: started only after the first page, the first run waited for it, bench/first_run.py)."""
    from tests.browser.helpers import wait_app_idle

    server = AppServer(tmp_path_factory.mktemp("pool-early-home"), env={"RUBRIC_STUDIO_WORKERS": "1"})
    try:
        deadline = time.monotonic() + 120  # a bound on a loaded machine; each loop ends when its condition holds
        while not _forkserver(server):  # before any page: started with the server
            assert server.proc.poll() is None, "the server exited"
            assert time.monotonic() < deadline, "no forkserver before any page was opened"
            time.sleep(0.1)
        pool_page.goto(server.url)
        wait_app_idle(pool_page)
        pool_page.get_by_role("button", name="Start run").wait_for()
        while not _pool_workers(server):
            assert server.proc.poll() is None, "the server exited"
            assert time.monotonic() < deadline + 120, "no worker process started after the first page was drawn"
            time.sleep(0.1)
        assert not _stopped_forkservers(server)
        with open_server_store(server) as store:
            assert store.count_runs() == 0  # nothing ran: the workers started on their own
    finally:
        server.stop()


def _stopped_forkservers(server: AppServer) -> list[int]:
    """The server's forkservers that are stopped (held)."""
    out = []
    for child in psutil.Process(server.proc.pid).children():
        try:
            if "forkserver" in " ".join(child.cmdline()) and child.status() == psutil.STATUS_STOPPED:
                out.append(child.pid)
        except psutil.NoSuchProcess:
            continue
    return out


def _forkserver(server: AppServer) -> bool:
    """Whether the server has started its forkserver (the workers' parent)."""
    try:
        return any("forkserver" in " ".join(c.cmdline()) for c in psutil.Process(server.proc.pid).children())
    except psutil.NoSuchProcess:
        return False
