"""`rubric-studio ui`: start the dashboard (Streamlit) from any directory.

The app ships inside the package (rubric_ui/app.py, its pages and its
.streamlit/config.toml, which Streamlit reads beside the script). Options other
than `--port` go to `streamlit run` unchanged, so every Streamlit setting works
(`--server.address 0.0.0.0`, `--server.baseUrlPath /studio`, ...). Runs are stored in
`./.rubric-studio/` of the directory it starts in unless RUBRIC_STUDIO_HOME or
RUBRIC_STUDIO_DB_URL say otherwise.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
from pathlib import Path
from typing import Any

from rubric_core.cli.common import BadInput, add_project_flags, open_project
from rubric_core.cli.plan import Plan, command


def app_script() -> Path:
    """The installed app's entry script, found without importing Streamlit."""
    spec = importlib.util.find_spec("rubric_ui")
    if spec is None or not spec.submodule_search_locations:
        msg = "The dashboard package rubric_ui is not installed with rubric_core: reinstall rubric-studio."
        raise BadInput(msg)
    return Path(next(iter(spec.submodule_search_locations))) / "app.py"


def port_arg(value: str) -> int:
    """argparse type: a TCP port, 1 to 65535."""
    try:
        port = int(value)
    except ValueError:
        port = -1
    if not 1 <= port <= 65535:
        msg = f"{value!r} is not a port: give a whole number from 1 to 65535 (default 8501)."
        raise argparse.ArgumentTypeError(msg)
    return port


def streamlit_command(port: int | None, streamlit_args: list[str]) -> list[str]:
    """The `streamlit run` command line for the packaged app, through rubric_ui.serve (workers start with it)."""
    cmd = [sys.executable, "-m", "rubric_ui.serve", "run", str(app_script())]
    if port is not None:
        cmd += ["--server.port", str(port)]
    return cmd + list(streamlit_args)


def resolve_ui(args: argparse.Namespace) -> Plan:
    # The project is read (not imported) now, so a bad one is said here; the dashboard gets it in its environment.
    open_project(args)
    cmd = streamlit_command(args.port, args.streamlit_args)

    def apply() -> int:
        # The dashboard replaces this process: Ctrl-C, SIGTERM and the exit status are Streamlit's own.
        os.execv(cmd[0], cmd)  # noqa: S606 -- argv list, no shell
        return 0  # not reached

    return Plan(apply)


def add_commands(sub: Any) -> None:
    """Register `ui`; its unknown options are Streamlit's (main passes them on as `streamlit_args`)."""
    ui = sub.add_parser(
        "ui",
        help="start the dashboard (any other option goes to `streamlit run`, e.g. --server.address 0.0.0.0)",
    )
    ui.add_argument("--port", type=port_arg, help="the port to serve on (default 8501)")
    add_project_flags(ui, agent=False)
    command(ui, resolve_ui)
    ui.set_defaults(streamlit_args=[], takes_extra_args=True)
