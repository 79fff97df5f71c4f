"""`pip install` of the wheel gives a working `rubric-studio`: the CLI runs a run and `ui` serves the app.

Everything runs from a directory that is not the checkout, in the fresh environment
of `installed` (conftest.py), with the default worker pool.
"""

from __future__ import annotations

import re
import subprocess
import time
import urllib.request
import zipfile
from pathlib import Path
from typing import Any

import pytest

from tests.core.test_packaging import requirement_lines
from tests.install.conftest import ROOT, Installed

RUN_TIMEOUT_S = 240
"""Upper bound of a command's run or the app's first page (a bound on a hang, not a timing)."""
# The first test also builds the wheel, the wheelhouse (once per checkout) and the environment.
pytestmark = pytest.mark.timeout(2400)
_LISTENING = re.compile(r"URL: http://127\.0\.0\.1:(\d+)")


def test_the_wheel_holds_the_package_and_its_app_and_nothing_of_the_checkout(installed: Installed) -> None:
    with zipfile.ZipFile(installed.wheel) as whl:
        names = whl.namelist()
        metadata = whl.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
        entry_points = whl.read(next(n for n in names if n.endswith(".dist-info/entry_points.txt"))).decode()
    tops = {n.split("/")[0] for n in names}
    assert tops == {"rubric_core", "rubric_ui", next(t for t in tops if t.endswith(".dist-info"))}
    for shipped in (
        "rubric_ui/app.py",
        "rubric_ui/app_pages/run.py",
        "rubric_ui/app_pages/present.py",
        "rubric_ui/.streamlit/config.toml",
        "rubric_ui/assets/favicon.png",
        "rubric_core/checks/CRITERIA.md",
        "rubric_core/suites/bundled/short-poems.jsonl",
    ):
        assert shipped in names
    assert not [n for n in names if re.search(r"(^|/)(tests|bench|docs|\.ci)/|secrets\.toml|conftest", n)]
    declared = sorted(line.split(": ", 1)[1] for line in metadata.splitlines() if line.startswith("Requires-Dist: "))
    assert declared == sorted(requirement_lines(ROOT / "requirements.txt"))
    assert "rubric-studio = rubric_core.cli.main:entry" in entry_points


def test_imports_come_from_the_environment_not_the_checkout(installed: Installed, outside: Path) -> None:
    out = subprocess.run(
        [
            installed.bin("python"),
            "-c",
            "import rubric_core, rubric_ui; print(rubric_core.__file__, rubric_ui.__file__)",
        ],
        cwd=outside,
        env=installed.env(),
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert all(Path(p).is_relative_to(installed.venv) for p in out), out


def test_run_the_bundled_example_from_another_directory(installed: Installed, outside: Path) -> None:
    done = subprocess.run(
        [installed.bin("rubric-studio"), "run", "--example", "haiku"],
        cwd=outside,
        env=installed.env(),
        capture_output=True,
        text=True,
        timeout=RUN_TIMEOUT_S,
    )
    assert done.returncode == 0, done.stderr
    assert "status: satisfied" in done.stdout
    assert "Traceback" not in done.stderr
    assert (outside / ".rubric-studio" / "runs.sqlite").is_file()  # data beside where it was started
    listed = subprocess.run(
        [installed.bin("rubric-studio"), "runs"], cwd=outside, env=installed.env(), capture_output=True, text=True
    )
    assert listed.returncode == 0 and "1 of 1 runs" in listed.stdout


def test_ui_serves_the_app_and_chromium_draws_the_run_page(installed: Installed, outside: Path, browser: Any) -> None:
    log = outside / "ui.log"
    with log.open("w") as out:
        proc = subprocess.Popen(
            [installed.bin("rubric-studio"), "ui", "--server.port", "0", "--server.address", "127.0.0.1"],
            cwd=outside,
            env=installed.env(),
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        deadline = time.monotonic() + RUN_TIMEOUT_S
        while not (found := _LISTENING.search(log.read_text(errors="replace"))):
            assert proc.poll() is None, f"rubric-studio ui exited with {proc.returncode}:\n{log.read_text()}"
            assert time.monotonic() < deadline, f"rubric-studio ui never listened:\n{log.read_text()}"
            time.sleep(0.05)
        url = f"http://127.0.0.1:{found.group(1)}"
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=60) as health:
            assert health.status == 200 and health.read() == b"ok"
        context = browser.new_context(viewport={"width": 1440, "height": 900})
        try:
            page = context.new_page()
            page.goto(url)
            start = page.get_by_role("button", name="Start run", exact=True)
            start.wait_for(timeout=RUN_TIMEOUT_S * 1000)
            assert page.title().endswith("Rubric Studio")
            assert page.locator('[data-testid="stSidebarNav"]').inner_text().count("Runs") == 1
            assert page.locator('[data-testid="stException"]').count() == 0
            # The app's own .streamlit/config.toml was read from the package: its theme colours Start.
            colour = start.evaluate("b => getComputedStyle(b).backgroundColor")
            assert colour == "rgb(31, 111, 235)"
        finally:
            context.close()
        assert "Traceback" not in log.read_text()
    finally:
        proc.terminate()
        try:
            proc.wait(60)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def test_the_example_project_comes_with_the_wheel(installed: Installed, outside: Path) -> None:
    """examples/fixer was only in a checkout: `examples --copy` gives an installed user the project, and it runs."""
    dest = outside / "my-fixer"
    copied = subprocess.run(
        [installed.bin("rubric-studio"), "examples", "--copy", "fixer", str(dest)],
        cwd=outside,
        env=installed.env(),
        capture_output=True,
        text=True,
        timeout=RUN_TIMEOUT_S,
    )
    assert copied.returncode == 0, copied.stderr
    done = subprocess.run(
        [installed.bin("rubric-studio"), "run", "--project", str(dest), "--config", str(dest / "run.toml")],
        cwd=outside,
        env=installed.env(),
        capture_output=True,
        text=True,
        timeout=RUN_TIMEOUT_S,
    )
    assert done.returncode == 0 and "status: satisfied" in done.stdout, (done.stdout, done.stderr)
