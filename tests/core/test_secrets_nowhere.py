"""One redaction for every secret on every path (issue 42 item 4).

A key that a provider echoes in its 401 error body, planted for the working model and for the grader, in a run,
a suite, a regrade, a proof (`rubric prove`) and a matrix: it reaches none of the data directory (runs.sqlite and
its WAL, checkpoints.sqlite and its WAL, logs/), every export format, the HTML report, the terminal (with and
without --debug) or the page. The commands run in this process (the command line's own `main`, its standard
output and error captured) and, for a run and a matrix, as `rubric-studio` processes of their own.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from tests.core.helpers import run_cli
from tests.stubs.langsmith_stub import StubLangSmith
from tests.stubs.openai_stub import StubOpenAI

KEY = "sk-planted-4f1c9a7e2b8d4c06a5e3"
"""The OpenAI key every provider call carries; the stub quotes it back in its 401 error body."""
LANGSMITH_KEY = "lsv2-planted-9d2e7b41c5a3"
FORMATS = ("jsonl", "grader-jsonl", "pairs", "csv", "parquet", "calibration", "langsmith")
WRITER_FAILS = ("--model", "openai:gpt-4o-mini", "--grader", "offline:grader")
GRADER_FAILS = ("--model", "offline:writer", "--grader", "openai:gpt-4o-mini")


@pytest.fixture(autouse=True)
def _fresh_streamlit_caches() -> Iterator[None]:
    """The pages drawn here start from empty Streamlit caches (a store cached by an earlier test's page is another
    home's), as every AppTest of tests/ui does."""
    import streamlit as st

    st.cache_resource.clear()
    st.cache_data.clear()
    yield
    st.cache_resource.clear()
    st.cache_data.clear()


def leaks(text: str | bytes, *secrets: str) -> list[str]:
    """The secrets (as written, or URL-encoded) found in `text`."""
    data = text if isinstance(text, bytes) else text.encode("utf-8", "replace")
    return [s for s in secrets for form in {s, quote(s, safe="")} if form.encode() in data]


def files_leaking(root: Path, *secrets: str) -> list[str]:
    return [str(p) for p in sorted(root.rglob("*")) if p.is_file() and leaks(p.read_bytes(), *secrets)]


def page_dump(at: Any) -> str:
    """Everything the page drew: every element's protobuf, as text (markdown, errors, the elements' payloads)."""
    out: list[str] = []

    def walk(node: Any) -> None:
        proto = getattr(node, "proto", None)
        if proto is not None:
            out.append(str(proto))
        for child in (getattr(node, "children", None) or {}).values():
            walk(child)

    walk(at._tree)
    return "\n".join(out)


@dataclass
class World:
    home: Path
    out: Path
    said: list[tuple[str, str]] = field(default_factory=list)
    """(command, what it printed on stdout and stderr)."""
    run_ids: dict[str, str] = field(default_factory=dict)
    suite_ids: dict[str, str] = field(default_factory=dict)
    requests: int = 0
    uploaded: str = ""


def _main(world: World, *args: str) -> str:
    """The command line in this process; what it printed (stdout then stderr)."""
    from rubric_core.cli.main import main

    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = main(list(args))
        except SystemExit as exc:
            code = int(exc.code or 0)
        finally:
            os.environ.pop("RUBRIC_STUDIO_DEBUG", None)  # `--debug` sets it for the processes it starts
    said = out.getvalue() + err.getvalue()
    world.said.append((" ".join(args), said))
    assert code in (0, 1), (args, code, said[-3000:])  # never a usage error: each command did its work
    assert "Traceback" not in err.getvalue() or "--debug" in args, said[-3000:]
    return out.getvalue()


def _process(world: World, env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    done = run_cli(*args, env=env)
    world.said.append((" ".join(args), done.stdout + done.stderr))
    assert done.returncode in (0, 1), (args, done.returncode, done.stderr[-3000:])
    return done


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    base = tmp_path_factory.mktemp("secrets")
    world = World(home=base / "home", out=base / "out")
    saved = dict(os.environ)
    with StubOpenAI(refuse=lambda body: True) as stub, StubLangSmith() as ls:
        env = {
            "RUBRIC_STUDIO_HOME": str(world.home),
            "RUBRIC_STUDIO_WORKERS": "0",
            "OPENAI_API_KEY": KEY,
            "OPENAI_BASE_URL": stub.base_url,
            "LANGSMITH_API_KEY": LANGSMITH_KEY,
            "LANGSMITH_ENDPOINT": ls.url,
        }
        os.environ.update(env)
        try:
            _make_world(world, env, base)
        finally:
            os.environ.clear()
            os.environ.update(saved)
        world.requests = len(stub.requests)
        assert stub.requests and all(r["auth"] == f"Bearer {KEY}" for r in stub.requests)  # the key was sent
        world.uploaded = json.dumps(ls.examples)
        assert ls.examples
    yield world


def _make_world(world: World, env: dict[str, str], base: Path) -> None:
    rubric = base / "rubric.md"
    rubric.write_text("- Exactly three lines\n- Mentions the rain\n", encoding="utf-8")
    data = base / "items.jsonl"
    data.write_text(
        '{"id": "a", "task": "Write a haiku about rain."}\n{"id": "b", "task": "Write a haiku about spring rain."}\n',
        encoding="utf-8",
    )
    task = ("--task", "Write a haiku about rain.", "--rubric-file", str(rubric))
    # A run whose working model fails, and one whose grader fails: in this process and as a process of its own,
    # with and without --debug.
    for name, how in (("writer", WRITER_FAILS), ("grader", GRADER_FAILS)):
        first = json.loads(_main(world, "run", *task, *how, "--jsonl").splitlines()[0])
        world.run_ids[name] = first["run_id"]
        _main(world, "--debug", "run", *task, *how)
        _process(world, env, "run", *task, *how)
    _process(world, env, "--debug", "run", *task, *GRADER_FAILS)
    # A suite (one column) and a matrix (a failing writer and a failing grader side by side).
    suite = _main(world, "suite", "run", "--dataset", str(data), "--rubric-file", str(rubric), *GRADER_FAILS, "--jsonl")
    world.suite_ids["suite"] = json.loads(suite.splitlines()[0])["suite_run_id"]
    matrix = ("--model", "openai:gpt-4o-mini", "--model", "offline:writer", "--grader", "openai:gpt-4o-mini")
    done = _process(
        world, env, "--debug", "suite", "run", "--dataset", str(data), "--rubric-file", str(rubric), *matrix
    )
    world.suite_ids["matrix"] = done.stdout.split()[2]
    for suite_id in world.suite_ids.values():
        _main(world, "suite", "show", suite_id)
        _main(world, "suite", "show", suite_id, "--jsonl")
        _main(world, "suite", "export", suite_id, "--format", "jsonl", "--out", str(world.out / f"{suite_id}.jsonl"))
    # A regrade and a proof of finished offline drafts under the provider grader.
    offline = json.loads(_main(world, "run", *task, "--jsonl").splitlines()[0])["run_id"]
    _main(world, "regrade", offline, "--grader", "openai:gpt-4o-mini")
    _main(world, "--debug", "regrade", offline, "--grader", "openai:gpt-4o-mini", "--jsonl")
    _prove_under_the_provider(world)
    for run_id in world.run_ids.values():
        _main(world, "show", run_id)
    for fmt in FORMATS:
        target = world.out / {"parquet": "parquet", "csv": "runs.csv"}.get(fmt, f"runs.{fmt}.jsonl")
        extra = ("--dataset", "planted") if fmt == "langsmith" else ()
        _main(world, "export", "--format", fmt, "--out", str(target), *extra)


def _prove_under_the_provider(world: World) -> None:
    """Seed reviewed offline runs of the assistant's rubric, let the doctor propose an edit, prove it with the
    provider grader (its every call refused with the key quoted)."""
    from tests.core.assistant_seed import NAME, fix_split, review_all, seed_runs

    world.home.mkdir(parents=True, exist_ok=True)
    seed_runs(world.home, items=6)
    review_all(world.home)
    fix_split(world.home)
    doctor = _main(world, "rubric", "doctor", NAME, "--jsonl")
    proposal = next(json.loads(line) for line in doctor.splitlines() if '"type": "proposal"' in line)
    _main(world, "rubric", "prove", NAME, "--proposal", proposal["id"], "--grader", "openai:gpt-4o-mini")
    _main(world, "--debug", "rubric", "prove", NAME, "--proposal", proposal["id"], "--grader", "openai:gpt-4o-mini")


def test_the_runs_failed_on_the_key_the_provider_echoed(world: World) -> None:
    from rubric_core.store import open_store

    store = open_store(f"sqlite:///{world.home / 'runs.sqlite'}")
    try:
        runs = {r["id"]: r for r in store.list_runs(limit=1000)}
    finally:
        store.close()
    assert runs[world.run_ids["writer"]]["status"] == "error"
    assert runs[world.run_ids["grader"]]["status"] == "grader_error"
    assert "[redacted]" in runs[world.run_ids["writer"]]["error"]
    assert world.requests > 10


def test_the_terminal_never_shows_it_with_or_without_debug(world: World) -> None:
    for command, said in world.said:
        assert not leaks(said, KEY, LANGSMITH_KEY), (command, said)
    assert any("[redacted]" in said for command, said in world.said if command.startswith("--debug"))
    assert any("[redacted]" in said for command, said in world.said if not command.startswith("--debug"))


def test_the_data_directory_never_holds_it(world: World) -> None:
    """runs.sqlite and its WAL, checkpoints.sqlite and its WAL, every log."""
    names = {p.name for p in world.home.rglob("*") if p.is_file()}
    assert {"runs.sqlite", "checkpoints.sqlite", "rubric-studio.log"} <= names, names
    assert not files_leaking(world.home, KEY, LANGSMITH_KEY)
    log = (world.home / "logs" / "rubric-studio.log").read_text(encoding="utf-8")
    assert "Traceback" in log and "[redacted]" in log  # the tracebacks are there, without the key


def test_no_export_holds_it(world: World) -> None:
    written = {p.name for p in world.out.rglob("*") if p.is_file()}
    assert len(written) >= len(FORMATS) + 2, written
    assert not files_leaking(world.out, KEY, LANGSMITH_KEY)
    assert not leaks(world.uploaded, KEY, LANGSMITH_KEY)  # what LangSmith was sent


def test_neither_the_report_nor_the_pages_show_it(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """The HTML report of each failed run, its Run page and the matrix's Suites page (the key known to this
    process through its environment, as the dashboard's would be)."""
    from rubric_core.exports.report import render_report
    from rubric_core.store import open_store
    from rubric_core.views.run_view import RunView
    from tests.ui.test_pages import app
    from tests.ui.test_suites_page import suites_page

    monkeypatch.setenv("RUBRIC_STUDIO_HOME", str(world.home))
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    store = open_store()
    try:
        for run_id in world.run_ids.values():
            view = RunView.from_events(run_id, store.run_events(run_id))
            assert not leaks(render_report(view), KEY)
            at = app(run=run_id)
            assert not at.exception
            dump = page_dump(at)
            assert run_id in dump and not leaks(dump, KEY), run_id
        at = suites_page(suite=world.suite_ids["matrix"])
        assert not at.exception and not leaks(page_dump(at), KEY)
    finally:
        store.close()


def test_what_was_stored_before_is_redacted_on_the_way_out(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A store written before this redaction (the key in a run's error and in a grader's explanation): the page,
    the exports and the report still leave it out."""
    import sqlite3

    from rubric_core.engine import Engine
    from rubric_core.exports import export_runs
    from rubric_core.exports.report import render_report
    from rubric_core.store import open_store
    from rubric_core.views.run_view import RunView
    from tests.core.helpers import example_config
    from tests.ui.test_pages import app

    home = Path(os.environ["RUBRIC_STUDIO_HOME"])
    store = open_store()
    run_id = Engine(home).execute(example_config("haiku"), subscribers=[store.record]).run_id
    store.close()
    with sqlite3.connect(home / "runs.sqlite") as conn:  # as an older version wrote it, past today's store
        conn.execute("UPDATE iterations SET explanation = ? WHERE run_id = ?", (f"401: bad key {KEY}", run_id))
        conn.execute(
            "UPDATE events SET data_json = REPLACE(data_json, 'All 3 criteria pass', ?) WHERE run_id = ?",
            (f"All 3 criteria pass {KEY}", run_id),
        )
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    store = open_store()
    try:
        for fmt in ("jsonl", "grader-jsonl", "csv", "parquet"):
            target = tmp_path / "out" / (fmt if fmt == "parquet" else f"r.{fmt}")
            export_runs(store, fmt, target)
        assert not files_leaking(tmp_path / "out", KEY)
        assert not leaks(render_report(RunView.from_events(run_id, store.run_events(run_id))), KEY)
    finally:
        store.close()
    at = app(run=run_id)
    assert not at.exception and not leaks(page_dump(at), KEY)
    assert sys.modules.get("streamlit") is not None
