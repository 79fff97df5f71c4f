"""Start the real app (`streamlit run app.py`) on a port of its own, and real Chromium via Playwright."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from tests.browser.gate import GATES_ENV, Gates
from tests.conftest import PROVIDER_ENV

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]
INSTALL_CHROMIUM = "apt-get install chromium"
CHROMIUM_MISSING = (
    f"Chromium is needed for the browser tests and was not found: {INSTALL_CHROMIUM} "
    "(or point RUBRIC_STUDIO_CHROMIUM at a Chromium binary)."
)
START_TIMEOUT_S = 240.0
"""Upper bound for `streamlit run` to listen. A loaded 2-core machine has needed 20 s; a bound, not a window."""
_LISTENING = re.compile(r"URL: http://127\.0\.0\.1:(\d+)")


def chromium_path() -> str | None:
    """Debian's chromium, or $RUBRIC_STUDIO_CHROMIUM."""
    return os.environ.get("RUBRIC_STUDIO_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")


class AppServer:
    """`streamlit run app.py` (through rubric_ui.serve) in a subprocess with its own data directory and port.

    The port is chosen by the kernel (`--server.port 0`) and read back from the
    line Streamlit prints once it listens, so two servers started at once (by
    parallel test runs) can never race for one port. `gated=True` starts the app
    through `launch_app.py`, so tests can hold a run at a known point (gate.py).
    `installed=True` starts it exactly as a user of the installed command does: `rubric-studio ui` (the console
    script of this environment, which runs the packaged rubric_ui/app.py), from the data directory, not the checkout.
    """

    def __init__(
        self,
        home: Path,
        *,
        env: dict[str, str] | None = None,
        gated: bool = False,
        port: int = 0,
        args: list[str] | None = None,
        script: Path | None = None,
        checkout: Path | None = None,
        installed: bool = False,
    ) -> None:
        """`script`: another Streamlit script run as it is, by `streamlit run` (a benchmark's baseline app).
        `checkout`: another checkout of the app with its own `.venv` (a benchmark's code before a change), started
        as `make run` starts it there."""
        self.home = home
        home.mkdir(parents=True, exist_ok=True)
        self.log = home / "streamlit.log"
        self.gates = Gates(home / "gates") if gated else None
        full_env = {k: v for k, v in os.environ.items() if k not in PROVIDER_ENV}
        full_env.update({"RUBRIC_STUDIO_HOME": str(home), "PYTHONUNBUFFERED": "1"})
        if self.gates is not None:
            full_env[GATES_ENV] = str(self.gates.dir)
            # The gate patches the offline writer in the server process only: gated runs must execute there
            # (threads), not in worker processes, or no test could hold a run at a known point.
            full_env["RUBRIC_STUDIO_WORKERS"] = "0"
        full_env.update(env or {})
        # As `make run` and `rubric-studio ui` start it: `streamlit run` with the worker processes started first.
        module = "tests.browser.launch_app" if gated else "rubric_ui.serve" if script is None else "streamlit"
        self.started_at = time.perf_counter()
        root = checkout or ROOT
        python = str(checkout / ".venv" / "bin" / "python") if checkout else sys.executable
        options = [
            "--server.port",
            str(port),  # 0: the kernel picks; a restart test asks for the port it had
            "--server.address",
            "127.0.0.1",
            "--server.headless",
            "true",
            "--browser.gatherUsageStats",
            "false",
            *(args or []),  # e.g. --secrets.files PATH (sign-in tests)
        ]
        if installed:
            if gated or script is not None or checkout is not None:
                msg = "installed=True starts the installed command as it is: no gate, script or other checkout"
                raise ValueError(msg)
            # `rubric-studio ui` passes every option it does not know to `streamlit run` (the port too: its own
            # --port refuses 0), and runs from wherever the user is: here the data directory.
            command, cwd = [str(Path(sys.executable).with_name("rubric-studio")), "ui", *options], home
        else:
            command = [python, "-m", module, "run", str(script or root / "app.py"), *options]
            cwd = root
        with self.log.open("w") as out:
            self.proc = subprocess.Popen(command, cwd=cwd, env=full_env, stdout=out, stderr=subprocess.STDOUT)
        try:
            self.port = self._wait_listening()
            self.url = f"http://127.0.0.1:{self.port}"
            self._check_health()
        except BaseException:
            self.stop()
            raise

    @property
    def store_url(self) -> str:
        """The database URL of this server's store."""
        return f"sqlite:///{(self.home / 'runs.sqlite').resolve()}"

    def _wait_listening(self) -> int:
        # Waits on what the server prints once its socket listens (or on its exit), not on a guess.
        deadline = time.monotonic() + START_TIMEOUT_S
        while True:
            found = _LISTENING.search(self.log.read_text(encoding="utf-8", errors="replace"))
            if found:
                return int(found.group(1))
            if self.proc.poll() is not None:
                msg = f"streamlit exited with {self.proc.returncode} before listening:\n{self._log_tail()}"
                raise RuntimeError(msg)
            if time.monotonic() > deadline:
                msg = f"streamlit did not listen within {START_TIMEOUT_S:.0f} s:\n{self._log_tail()}"
                raise RuntimeError(msg)
            time.sleep(0.05)

    def _check_health(self) -> None:
        with urllib.request.urlopen(f"{self.url}/_stcore/health", timeout=60) as r:
            if r.status != 200:
                msg = f"streamlit is listening but unhealthy (HTTP {r.status}):\n{self._log_tail()}"
                raise RuntimeError(msg)

    def _log_tail(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")[-3000:]

    def stop(self) -> None:
        """Stop the server (SIGTERM, then SIGKILL if it does not exit)."""
        if self.proc.poll() is not None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
