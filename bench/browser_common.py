"""Real Chromium and a real `streamlit run` for the browser benchmarks."""

from __future__ import annotations

import time
from contextlib import contextmanager
from pathlib import Path

from tests.browser.server import CHROMIUM_ARGS, AppServer, chromium_path


@contextmanager
def chromium():
    from playwright.sync_api import sync_playwright

    path = chromium_path()
    if path is None:
        raise SystemExit("Chromium is needed: apt-get install chromium")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def rss_mb(pid: int, field: str = "VmRSS") -> float:
    """Resident memory (or VmHWM, the peak) of a process, MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    return float("nan")


def streamlit_pid(server: AppServer) -> int:
    return server.proc.pid


def wait_app(page) -> None:
    page.wait_for_selector("[data-testid='stApp']")


def now_ms(page) -> float:
    return page.evaluate("() => Date.now()")


def pause(seconds: float) -> None:
    time.sleep(seconds)
