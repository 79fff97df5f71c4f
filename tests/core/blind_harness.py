"""The harness of the blind bad-input catalogue (tests/core/bad_input_blind.py): a store seeded with what its
placeholders name, each case run in-process against a copy of it, and each outcome classified.

The catalogue was written blind (from the README, the docs and `--help` only; its README is in the catalogue's
docstring): it is never changed to fit the code. Outcomes:

- `clean`: exit 2, a message on stderr (`error:` / `usage:`), every table of the store and every file as it was
  (for an import case also the words the case expects in the message; for a case whose expectation is a stated
  rewrite, exit 0 with the words, or a clean refusal where the catalogue calls that defensible);
- `unclear`: refused cleanly but the message lacks a word the case expects (import cases only);
- `wrong_acceptance`: exit 0, 1 or 3 where the case expects a refusal (or a rewrite that was not stated);
- `writes_then_refuses`: exit 2 after a table or a file changed;
- `traceback`: an exception out of `main`, "Traceback" in the output, or an exit status outside 0-3 (3: a
  step-mode run stored and waiting at a pause, which is an acceptance: `wrong_acceptance`);
- `blocked`: the command blocked on a named pipe until the harness opened its other end;
- `skipped`: a case that cannot mean anything here (a mode-000 file when running as root).

tests/core/test_bad_input_blind.py holds every case to `clean`; bench/blind_badinput.py prints the counts.
"""

from __future__ import annotations

import contextlib
import copy
import hashlib
import io
import json
import os
import shutil
import sqlite3
import threading
import traceback
from collections.abc import Callable, Iterator
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.core import bad_input_blind as catalogue

IMPORT_CASES: list[dict[str, Any]] = catalogue.IMPORT_CASES
CLI_CASES: list[dict[str, Any]] = catalogue.CLI_CASES
OUTCOMES = ("clean", "unclear", "wrong_acceptance", "writes_then_refuses", "traceback", "blocked", "skipped")

POEMS, OTHER = "poems", "lib2"
POEMS_V2 = "- Is short\n- Mentions the team and the deadline\n- Has at least 1 line\n- At most 120 words\n"
LIB2 = "- Mentions rain\n- Has at least 1 line\n"
DATASET = '{"id": "a", "task": "Write a haiku about rain."}\n{"id": "b", "task": "Write a haiku about snow."}\n'
TWO_COLUMNS = (
    '[[columns]]\nlabel = "one pass"\nmax_iterations = 1\n\n[[columns]]\nlabel = "two passes"\nmax_iterations = 2\n'
)
EXPECTATION_FIXES: dict[str, dict[str, Any]] = {
    "rubric-accept-stale-proposal": {
        "exit": 0,
        "writes": True,
        "says": ["undoes"],
        "why": "issue 41 item 1: a proposal built on an older version is refused, saying what accepting it would "
        "undo, and accepted on purpose with --anyway, saying it again. The case passes --anyway and expects a "
        "refusal because the undo was silent; it is no longer silent (stdout names what v3 undoes).",
    },
    "suite-compare-matrix-vs-suite-baseline": {
        "exit": 0,
        "writes": False,
        "says": ["against the baseline, column 2"],
        "why": "`suite compare` lays A's columns, then B's, side by side as one matrix (its --help says so now): "
        "with A one-column and B a 2-column matrix, --baseline 2 is B's first column, a column that exists.",
    },
}
"""The cases whose expectation a person would change, and why (the catalogue itself is kept as written)."""
IMPORT_FIXES: dict[str, dict[str, Any]] = {
    "file-path-absolute": {
        "says": ["imported 1 runs"],
        "why": "an agent's file paths are paths of its own file system, absolute by nature: deepagents writes "
        "/notes.md, and an agent with a FilesystemBackend records /disk/... . An import never writes them to disk, "
        "so /etc/passwd names a file of the agent's state as a stored run can; '..' cannot be in such a path "
        "(deepagents' validate_path refuses it) and is refused (file-path-traversal).",
    },
    "schema-version-7": {
        "says": ["imported 1 runs"],
        "why": "written when schema 6 was the newest: its point is a version newer than this Rubric Studio. Steer "
        "the loop (issue 39) made 7 the version `export` writes, so a 7 is read as one; the version past the newest "
        "is still refused asking for an upgrade (test_bad_input_blind.py, the same case one version on).",
    },
}
"""Import cases a person would re-judge, and why."""
OTHER_BRANCH: dict[str, str] = {}
"""Cases another engineer's branch makes hold (skipped here, named with that branch). Empty since branch drafter
(the drafter's inputs of issue 41 item 5: rubric-draft-task-nul, -note-control, -note-huge) was merged: they hold
here."""
FIFO_PATIENCE_S = 20.0
"""How long a command may wait on the named pipe before the harness opens the other end (then it is `blocked`)."""


@dataclass
class Seed:
    """The seeded data directory and what the placeholders stand for."""

    home: Path
    run: str
    criterion: str
    suite: str
    matrix: str
    proposal: str
    base: list[dict[str, Any]]
    """Every run of the store as `export --format jsonl` writes it (the import cases' `base`)."""
    paused: str = ""
    """A step-mode run waiting at its first pause ({PAUSED}: `run continue`'s good value; made after the export, so
    the import cases' `base` is as the catalogue's author assumed)."""


@dataclass
class Outcome:
    """What one case did."""

    case_id: str
    kind: str
    """'import' or 'cli'."""
    outcome: str
    code: int | None
    stdout: str = ""
    stderr: str = ""
    detail: str = ""
    changed: list[str] = field(default_factory=list)
    """The tables (and files) that changed."""

    def describe(self) -> str:
        return (
            f"{self.kind} case {self.case_id}: {self.outcome} (exit {self.code}){': ' + self.detail if self.detail else ''}"
            f"\nchanged: {self.changed}\nstdout: {self.stdout[-600:]}\nstderr: {self.stderr[-1500:]}"
        )


@contextlib.contextmanager
def environment(**values: str | None) -> Iterator[None]:
    """Set (or, with None, remove) environment variables for the block."""
    saved = {k: os.environ.get(k) for k in values}
    try:
        for k, v in values.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
        yield
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def run_main(argv: list[str]) -> tuple[int | None, str, str, str]:
    """`rubric-studio ARGV` in this process: (exit status, stdout, stderr, the traceback of anything that escaped)."""
    from rubric_core.cli.main import main

    out, err = io.StringIO(), io.StringIO()
    escaped = ""
    code: int | None
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exc:  # argparse's usage errors
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
        except BaseException:
            code = None
            escaped = traceback.format_exc()
    return code, out.getvalue(), err.getvalue(), escaped


def seed_store(root: Path) -> Seed:
    """A data directory holding what the placeholders name: poems v1 (reviewed runs, a split, a proposal with a
    proof) then v2, lib2 v1, a one-column suite run and a 2-column matrix of lib2. Built through the product's
    own code (the assistant, the command line), the way a person would get there."""
    from tests.core.assistant_seed import fix_split, review_all, seed_runs

    home = root / "home"
    home.mkdir(parents=True)
    work = root / "seed-files"
    work.mkdir()
    with environment(RUBRIC_STUDIO_HOME=str(home), RUBRIC_STUDIO_WORKERS="0", RUBRIC_STUDIO_DB_URL=None):
        seed_runs(home, items=12, name=POEMS)
        review_all(home)
        seed = fix_split(home, name=POEMS)
        from rubric_core.assistant.doctor import examine
        from rubric_core.assistant.proof import prove
        from rubric_core.store import open_store

        store = open_store()
        try:
            diagnosis = examine(store, POEMS, seed=seed)
            proposal = next(p for p in diagnosis.proposals if p.kind == "threshold")
            prove(store, proposal.id)
            assert store.save_rubric(POEMS, POEMS_V2) == 2
            assert store.save_rubric(OTHER, LIB2) == 1
            runs = store.list_runs(limit=100)
            run = next(r for r in runs if r["status"] in ("satisfied", "max_iterations_reached"))
            criterion = [c for c in store.criteria([run["id"]])][-1]["name"]
        finally:
            store.close()
        (work / "ds.jsonl").write_text(DATASET, encoding="utf-8")
        (work / "two.toml").write_text(TWO_COLUMNS, encoding="utf-8")
        for extra in ([], ["--config", str(work / "two.toml")]):
            code, _out, err, escaped = run_main(
                ["suite", "run", "--dataset", str(work / "ds.jsonl"), "--rubric-name", OTHER, "--jsonl", *extra]
            )
            assert code == 0 and not escaped, (code, err, escaped)
        code, _out, err, escaped = run_main(["export", "--format", "jsonl", "--out", str(work / "base.jsonl")])
        assert code == 0 and not escaped, (code, err, escaped)
        code, _out, err, escaped = run_main(["run", "--example", "haiku", "--step"])
        assert code == 3 and not escaped, (code, err, escaped)  # exit 3: a run waiting at a pause
        store = open_store()
        try:
            from rubric_core.suites.suite_store import list_suite_runs

            suites = list_suite_runs(store, limit=10)
            paused = next(r["id"] for r in store.list_runs(limit=100) if r["status"] == "paused")
        finally:
            store.close()
    one = next(s["id"] for s in suites if s["columns"] <= 1)
    matrix = next(s["id"] for s in suites if s["columns"] == 2)
    base = [json.loads(line) for line in (work / "base.jsonl").read_text(encoding="utf-8").splitlines()]
    return Seed(home, run["id"], criterion, one, matrix, proposal.id, base, paused)


# ---- comparing the store and the files -----------------------------------------------------------------------


def table_digests(db: Path) -> dict[str, str]:
    """sha256 of every table's rows (sorted), by table name: an equal map means no table changed."""
    if not db.exists():
        return {}
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        out = {}
        for name in names:
            rows = sorted(repr(r) for r in conn.execute(f'SELECT * FROM "{name}"'))
            out[name] = hashlib.sha256("\n".join(rows).encode("utf-8", "surrogatepass")).hexdigest()
        return out
    finally:
        conn.close()


def file_digests(root: Path) -> dict[str, str]:
    """sha256 of every file under root (folders and links listed too): what a refused command must not touch."""
    out = {}
    for p in sorted(root.rglob("*")):
        rel = str(p.relative_to(root))
        if p.is_symlink():
            out[rel] = "link -> " + os.readlink(p)
        elif p.is_fifo():
            out[rel] = "fifo"
        elif p.is_file():
            try:
                out[rel] = hashlib.sha256(p.read_bytes()).hexdigest()
            except PermissionError:
                out[rel] = "unreadable"
        elif p.is_dir():
            out[rel + "/"] = "dir"
    return out


def changes(before: dict[str, str], after: dict[str, str], prefix: str = "") -> list[str]:
    return [prefix + k for k in sorted(set(before) | set(after)) if before.get(k) != after.get(k)]


# ---- placeholders and the pipe ---------------------------------------------------------------------------------


def placeholders(seed: Seed, tmp: Path) -> dict[str, str]:
    """Make {FILE_OK}, {DIR}, {LINK}, {FIFO} under tmp; every placeholder's value."""
    (tmp / "task.md").write_text("Write a haiku about rain.\n", encoding="utf-8")
    (tmp / "folder").mkdir()
    (tmp / "dangling").symlink_to(tmp / "nowhere" / "target.md")
    os.mkfifo(tmp / "pipe")
    return {
        "{RUN_PREFIX}": seed.run[:6],
        "{PAUSED}": seed.paused,
        "{RUN}": seed.run,
        "{SUITE}": seed.suite,
        "{MATRIX}": seed.matrix,
        "{OTHER_RUBRIC}": OTHER,
        "{RUBRIC}": POEMS,
        "{PROPOSAL}": seed.proposal,
        "{CRITERION}": seed.criterion,
        "{FILE_OK}": str(tmp / "task.md"),
        "{DIR}": str(tmp / "folder"),
        "{MISSING}": str(tmp / "missing.md"),
        "{LINK}": str(tmp / "dangling"),
        "{FIFO}": str(tmp / "pipe"),
        "{TMP}": str(tmp),
    }


def fill(text: str, values: dict[str, str]) -> str:
    for key, value in values.items():
        text = text.replace(key, value)
    return text


class _PipeWatch:
    """Opens the named pipe's other end after a while, so a command that blocked on it ends (and is found out)."""

    def __init__(self, fifo: Path, *, armed: bool = True) -> None:
        self.fifo = fifo
        self.armed = armed
        self.fired = False
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)

    def __enter__(self) -> _PipeWatch:
        if self.armed:
            self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._done.set()
        if self.armed:
            self._thread.join(5)

    def _watch(self) -> None:
        while not self._done.wait(FIFO_PATIENCE_S):
            self.fired = True
            with contextlib.suppress(OSError):
                reader = os.open(self.fifo, os.O_RDONLY | os.O_NONBLOCK)  # frees a writer blocked on open
                writer = os.open(self.fifo, os.O_WRONLY | os.O_NONBLOCK)  # frees a reader: EOF once closed
                os.close(writer)
                os.close(reader)


class _WouldExec(Exception):
    """`ui` accepted its input and would have replaced this process with the dashboard."""


def _no_exec(*_args: object) -> None:
    raise _WouldExec


# ---- running a case ---------------------------------------------------------------------------------------------


def _prepare(seed: Seed, case_dir: Path) -> tuple[Path, Path, dict[str, str]]:
    home = case_dir / "home"
    shutil.copytree(seed.home, home)
    tmp = case_dir / "t"
    tmp.mkdir()
    return home, tmp, placeholders(seed, tmp)


def execute(argv: list[str], home: Path, tmp: Path, env: dict[str, str]) -> tuple[Any, ...]:
    db = home / "runs.sqlite"
    tables = table_digests(db)
    files = file_digests(tmp)
    cwd = os.getcwd()
    real_execv = os.execv
    os.execv = _no_exec  # type: ignore[assignment]
    try:
        os.chdir(tmp)
        values: dict[str, str | None] = {
            "RUBRIC_STUDIO_HOME": str(home),
            "RUBRIC_STUDIO_WORKERS": "0",
            "RUBRIC_STUDIO_DB_URL": None,
            **env,
        }
        # The pipe is watched only when the command was given it: a slow command is not a blocked one.
        watched = any(str(tmp / "pipe") in a for a in argv)
        with environment(**values), _PipeWatch(tmp / "pipe", armed=watched) as watch:
            code, out, err, escaped = run_main(argv)
    finally:
        os.chdir(cwd)
        os.execv = real_execv  # type: ignore[assignment]
    changed = changes(tables, table_digests(db), "table ") + changes(files, file_digests(tmp), "file ")
    return code, out, err, escaped, changed, watch.fired


def _classify(code: int | None, out: str, err: str, escaped: str, changed: list[str], blocked: bool) -> str:
    if "_WouldExec" in escaped:
        return "wrong_acceptance"
    if escaped or "Traceback" in out + err or code not in (0, 1, 2, 3):
        return "traceback"
    if blocked:
        return "blocked"
    if code != 2:  # 0, 1, or 3 (a step-mode run stored and waiting at a pause): taken, not refused
        return "wrong_acceptance"
    if changed:
        return "writes_then_refuses"
    if not err.strip() or not err.lstrip().startswith(("error:", "usage:")):
        return "unclear"
    return "clean"


@dataclass
class Ran:
    """One command run against a copy of the seeded store."""

    code: int | None
    out: str
    err: str
    escaped: str
    changed: list[str]
    """Tables ('table NAME') and files under the case's folder ('file PATH') that changed."""
    home: Path
    tmp: Path


def run_command(
    seed: Seed,
    case_dir: Path,
    argv: list[str],
    env: dict[str, str] | None = None,
    files: dict[str, str] | None = None,
    prepare: Callable[[Path], None] | None = None,
) -> Ran:
    """`rubric-studio ARGV` in-process against a fresh copy of the seeded store ({TMP} and friends filled in;
    `files`, {name under {TMP}: text}, written first; `prepare(home)` changes the copy first)."""
    home, tmp, values = _prepare(seed, case_dir)
    if prepare is not None:
        prepare(home)
    for name, text in (files or {}).items():
        (tmp / name).write_text(text, encoding="utf-8")
    code, out, err, escaped, changed, _ = execute(
        [fill(a, values) for a in argv], home, tmp, {k: fill(v, values) for k, v in (env or {}).items()}
    )
    return Ran(code, out, err, escaped, changed, home, tmp)


def run_cli_case(case: dict[str, Any], seed: Seed, case_dir: Path) -> Outcome:
    """One command-line case against a fresh copy of the seeded store."""
    if case["id"] == "run-task-file-unreadable" and os.geteuid() == 0:
        return Outcome(case["id"], "cli", "skipped", None, detail="mode 000 means nothing to root")
    home, tmp, values = _prepare(seed, case_dir)
    for path, body in (case.get("files") or {}).items():
        target = Path(fill(path, values))
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(body)
    if case["id"] == "run-task-file-unreadable":
        (tmp / "unreadable.md").chmod(0)
    argv = [fill(a, values) for a in case["argv"]]
    env = {k: fill(v, values) for k, v in (case.get("env") or {}).items()}
    code, out, err, escaped, changed, blocked = execute(argv, home, tmp, env)
    kind = _classify(code, out, err, escaped, changed, blocked)
    fix = EXPECTATION_FIXES.get(case["id"])
    if fix is not None and kind not in ("traceback", "blocked"):
        said = all(w in (out + err) for w in fix["says"])
        wrote = bool(changed) and not [c for c in changed if c.startswith("file ")]
        as_fixed = code == fix["exit"] and said and (wrote or not changed) and (fix["writes"] or not changed)
        kind = "clean" if as_fixed else "wrong_acceptance"
    return Outcome(case["id"], "cli", kind, code, out, err, escaped[-2000:], changed)


def run_import_case(case: dict[str, Any], seed: Seed, case_dir: Path) -> Outcome:
    """One import case: its file built from the seeded store's export, imported into a fresh copy of the store."""
    home, tmp, _values = _prepare(seed, case_dir)
    data = catalogue.build_import_file(case, copy.deepcopy(seed.base))
    path = case_dir / "import.jsonl"  # beside tmp, not in it: the file itself is not one the command may change
    path.write_bytes(data)
    del data
    code, out, err, escaped, changed, blocked = execute(["import", str(path)], home, tmp, {})
    kind = _classify(code, out, err, escaped, changed, blocked)
    said = (out + err).lower()
    fix = IMPORT_FIXES.get(case["id"])
    if fix is not None and kind not in ("traceback", "blocked"):
        as_fixed = code == 0 and all(w in out for w in fix["says"]) and bool(changed)
        kind = "clean" if as_fixed else "wrong_acceptance"
        return Outcome(case["id"], "import", kind, code, out[-2000:], err[-3000:], "", changed)
    missing = [w for w in case["message_mentions"] if w not in said]
    if case["expect"] == "import-with-stated-rewrite":
        stated = code == 0 and not missing and not escaped and "Traceback" not in out + err
        refusal_defensible = case["id"] == "iteration-number-not-iteration-plus-one"
        if stated or (kind == "clean" and refusal_defensible and not missing):
            kind = "clean"
        elif kind in ("clean", "unclear") or code == 0:
            kind = "wrong_acceptance" if code == 0 else "unclear"
    elif kind == "clean" and missing:
        kind = "unclear"
    detail = escaped[-2000:] or (f"message lacks {missing}" if missing else "")
    return Outcome(case["id"], "import", kind, code, out[-2000:], err[-3000:], detail, changed)


def tally(outcomes: list[Outcome]) -> dict[str, dict[str, int]]:
    """Counts of each outcome, by kind of case."""
    out: dict[str, dict[str, int]] = {}
    for o in outcomes:
        out.setdefault(o.kind, dict.fromkeys(OUTCOMES, 0))[o.outcome] += 1
    return out
