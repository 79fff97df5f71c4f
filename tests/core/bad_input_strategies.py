"""Generated bad input for every command and option of `rubric-studio --help` (Hypothesis strategies), and the
sandbox that runs it against one seeded store.

Each example is one command line: the command's required arguments filled with good values (a stored run, the
poems rubric, a stored proposal, ...), then one to three of its arguments given a bad value of their kind: empty,
huge, negative, NUL, control and bidi characters, wrong types, unknown names and ids, paths that are folders,
dangling links, missing files, files holding NUL or UTF-16, other rubrics' and other suites' ids. The properties
(tests/core/test_bad_input_generated.py, bench/bad_input.py): no traceback; exit 0, 1 or 2, or 3 only from `run`,
`run continue` or `run fork` with a run stored and waiting at a pause (exit 3 is no refusal: the run was taken);
after exit 2 every table of the store is as it was.
"""

from __future__ import annotations

import argparse
import json
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from tests.core.blind_harness import Seed, execute, fill, placeholders

HUGE = "x" * 100_000
BIG_NUMBER = str(10**30)
TEXT = ["", " ", HUGE, "\x00", "a\x00b", "\x1b[2J", "\u202eabc", "\u200b", "\n", "a\tb", "%", "_", "../x", "nosuch"]
NUMBER = ["", "-1", "0", BIG_NUMBER, "-" + BIG_NUMBER, "1.5", "three", "NaN", "inf", " 3", "0x10", "1e3", "\x00"]
RUN_IDS = ["", "%", "%%%%", "_", "_" * 32, "{RUN_PREFIX}%", "nosuch", "{SUITE}", "{PROPOSAL}", "../{RUN}", "\x1b[31m"]
RUN_IDS += ["\u202e{RUN}", "{RUN} ", HUGE]
SUITE_IDS = ["", "%", "_", "nosuch", "{RUN}", "{PROPOSAL}", "../{SUITE}", "\x1b[2J", HUGE, "{SUITE}%"]
PROPOSALS = ["", "%", "%%%%%%", "______", "ab", "nosuch", "{RUN}", "{SUITE}", "ffffffffffff", "\x00", HUGE]
RUBRIC_NAMES = ["", " ", "%", "nosuch", "lib2", "\x1b[2J", "\u202epoems", HUGE, "POEMS"]
PATHS_IN = ["", "{DIR}", "{MISSING}", "{LINK}", "{TMP}/nul.md", "{TMP}/utf16.md", "{TMP}/big.md", "/dev/null"]
PATHS_IN += ["{TMP}/empty.md", "{TMP}/deep.jsonl", "{TMP}/dup.jsonl", "{FILE_OK}/x", "/proc/self/status", HUGE[:5000]]
PATHS_OUT = ["", "{DIR}", "{FILE_OK}/x.jsonl", "/proc/x.jsonl", "/sys/x.csv", "{LINK}", "{TMP}/x.csv", "\x00"]
MODELS = ["", " ", "offline", "offline:", ":writer", "nosuch:x", "OFFLINE:WRITER", "openai:gpt-4o-mini"]
MODELS += ["ollama:llama3.2", "offline:writer?latency=999", "offline:writer?x=1", "\x1b[2J", HUGE]
SHARES = ["", "-0.1", "1.5", "nan", "inf", "half", BIG_NUMBER, "\x00"]
DATES = ["", "2026-13-01", "2026-02-30", "yesterday", "2026/01/01", BIG_NUMBER, "\x00"]
CONFIGS = ["{TMP}/columns-empty.toml", "{TMP}/columns-nine.toml", "{TMP}/maxit.toml", "{TMP}/list.yaml"]

KINDS: dict[str, list[str]] = {
    "run_id": RUN_IDS,
    "run": RUN_IDS,
    "ids": RUN_IDS,
    "suite_id": SUITE_IDS,
    "suite_a": SUITE_IDS,
    "suite_b": SUITE_IDS,
    "suite": SUITE_IDS,
    "proposal": PROPOSALS,
    "name": RUBRIC_NAMES,
    "rubric_name": RUBRIC_NAMES,
    "task_file": PATHS_IN,
    "rubric_file": PATHS_IN,
    "config": PATHS_IN + CONFIGS,
    "path": PATHS_IN,
    "project": PATHS_IN,
    "out": PATHS_OUT,
    "model": MODELS,
    "grader": MODELS,
    "min_pass_rate": SHARES,
    "min_criterion_pass_rate": SHARES,
    "since": DATES,
    "until": DATES,
}
"""Bad values by the argument's dest; a number-like dest takes NUMBER, anything else TEXT."""
NUMBERS = {"limit", "offset", "rubric_version", "column", "iteration", "turn", "repeat", "version", "seed"}
NUMBERS |= {"baseline", "max_iterations", "grader_call_limit", "concurrency", "port", "at"}
KINDS |= {"feedback_file": PATHS_IN, "draft_file": PATHS_IN, "override": ["", "=", "x=fail", "{CRITERION}=maybe"]}
KINDS["override"] += ["{CRITERION}", "{CRITERION}=", "{CRITERION}=\x1b[2J", "{CRITERION}=PASS=fail", HUGE + "=fail"]

GOOD: dict[str, str] = {
    "run_id": "{RUN}",
    "run": "{RUN}",
    "suite_id": "{SUITE}",
    "suite_a": "{SUITE}",
    "suite_b": "{MATRIX}",
    "suite": "{SUITE}",
    "name": "poems",
    "proposal": "{PROPOSAL}",
    "task_file": "{FILE_OK}",
    "rubric_file": "{TMP}/rubric.md",
    "path": "{TMP}/import.jsonl",
    "format": "jsonl",
    "out": "{TMP}/out.jsonl",
    "criterion": "{CRITERION}",
    "verdict": "fail",
    "reason": "too long",
    "reviewer": "ann",
    "iteration": "1",
    "grader": "offline:grader",
    "model": "offline:writer",
    "dataset": "{TMP}/ds.jsonl",
    "rubric_name": "lib2",
    "example": "haiku",
    "copy": "fixer",
    "at": "1",
}
"""A good value for each required argument (and for an option given a good value), by dest."""
GOOD_IN: dict[str, dict[str, str]] = {"run continue": {"run_id": "{PAUSED}"}}
"""Where a command's good value differs from GOOD's (`run continue` goes on from a run that is paused)."""
PAUSING = ("run", "run continue", "run fork")
"""The commands that may exit 3: a step-mode run stored and waiting at a pause (`--step`, `--step-drafts`, or a
run continued or forked in step mode). Exit 3 is no refusal: the run was taken and is stored, as for 0 and 1."""
STARTS: dict[str, list[str]] = {
    "run": ["--example", "haiku"],
    "suite run": ["--dataset", "{TMP}/ds.jsonl", "--rubric-name", "lib2"],
    "agreement": ["--suite", "{SUITE}"],
    "examples": [],
}
"""What makes a command complete besides its required arguments (a run's task and rubric, a suite's dataset)."""
FILES: dict[str, bytes] = {
    "nul.md": b"Write a haiku\x00 about rain.\n",
    "utf16.md": "Write a haiku about rain.\n".encode("utf-16-be"),
    "big.md": b"Write a poem. " * 30_000,
    "empty.md": b"",
    "rubric.md": b"- Exactly three lines\n- Mentions rain\n",
    "ds.jsonl": b'{"id": "a", "task": "Write a haiku about rain."}\n',
    "deep.jsonl": b'{"id": "a", "task": "t", "x": ' + b"[" * 5000 + b"]" * 5000 + b"}\n",
    "dup.jsonl": b'{"id": "a", "task": "one", "task": "two"}\n',
    "columns-empty.toml": b"columns = []\n",
    "columns-nine.toml": b"".join(b'[[columns]]\nlabel = "c%d"\n' % i for i in range(9)),
    "maxit.toml": b'task = "Write a haiku"\nrubric = "- Mentions rain"\nmax_iterations = "3"\n',
    "list.yaml": b"- task\n- rubric\n",
}


@dataclass(frozen=True)
class Slot:
    """One argument of a command."""

    flag: str
    """'--limit', or '' for a positional."""
    dest: str
    nargs: Any
    required: bool
    choices: tuple[str, ...] | None

    def bad_values(self) -> list[str]:
        if self.choices:
            return ["", "nosuch", self.choices[0].upper(), "\x1b[2J"]
        if self.dest in KINDS:
            return KINDS[self.dest]
        return NUMBER if self.dest in NUMBERS else TEXT


def commands() -> dict[str, list[Slot]]:
    """Every leaf command of the parser ('suite run') with its arguments (help left out)."""
    from rubric_core.cli.main import build_parser

    out: dict[str, list[Slot]] = {}

    def walk(parser: argparse.ArgumentParser, name: str) -> None:
        subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        if subs:
            for sub in subs[0]._name_parser_map:
                walk(subs[0]._name_parser_map[sub], f"{name} {sub}".strip())
            if subs[0].required:
                return
            # `run` is a command of its own beside its optional words `continue` and `fork`
        slots = []
        for action in parser._actions:
            if isinstance(action, argparse._HelpAction | argparse._SubParsersAction):
                continue
            choices = tuple(str(c) for c in action.choices) if action.choices else None
            flag = action.option_strings[0] if action.option_strings else ""
            slots.append(Slot(flag, action.dest, action.nargs, bool(action.required), choices))
        out[name] = slots

    walk(build_parser(), "")
    return out


COMMANDS = commands()


@st.composite
def bad_command(draw: st.DrawFn, name: str) -> list[str]:
    """One command line of `name` with one to three bad values (the rest good)."""
    slots = COMMANDS[name]
    valued = [s for s in slots if s.nargs != 0]
    chosen = draw(st.lists(st.sampled_from(valued), min_size=1, max_size=min(3, len(valued)), unique=True))
    flags = [s for s in slots if s.nargs == 0 and draw(st.booleans())]
    words = name.split()
    argv = [*words]
    for slot in slots:
        if not slot.required and slot not in chosen:
            continue
        good = GOOD_IN.get(name, {}).get(slot.dest) or GOOD.get(slot.dest, "x")
        value = draw(st.sampled_from(slot.bad_values())) if slot in chosen else good
        if slot.nargs == 2:  # examples --copy NAME DIR
            argv += [slot.flag, GOOD["copy"], value]
        elif slot.flag:
            argv += [slot.flag, value]
        else:
            argv.append(value)
    argv += STARTS.get(name, [])
    argv += [s.flag for s in flags]
    return argv


@dataclass
class Outcome:
    argv: list[str]
    code: int | None
    out: str
    err: str
    escaped: str
    changed: list[str]
    paused: bool = False
    """The store holds a run waiting at a pause after the command."""

    def problem(self) -> str:
        """'' when the outcome keeps the rule; else what broke it."""
        if "_WouldExec" in self.escaped:  # `ui` accepted its input: it would have started the dashboard
            return ""
        if self.escaped or "Traceback" in self.out + self.err:
            return "a traceback"
        if self.code == 3:
            name = " ".join(self.argv[:2]) if self.argv[1:2] in (["continue"], ["fork"]) else self.argv[0]
            stored = {"table runs", "table events"} & set(self.changed)
            if name not in PAUSING or not stored or not self.paused:
                return f"exit 3 from {name!r} without a run stored and waiting at a pause (changed: {self.changed})"
            return ""
        if self.code not in (0, 1, 2):
            return f"exit {self.code}"
        tables = [c for c in self.changed if c.startswith("table ")]
        if self.code == 2 and tables:
            return f"exit 2 after writing {tables}"
        if self.code == 2 and not self.err.strip():
            return "exit 2 with no message"
        return ""

    def describe(self) -> str:
        shown = json.dumps([a[:60] for a in self.argv])
        return f"{shown}: {self.problem()}\nstderr: {self.err[-800:]}\n{self.escaped[-1500:]}"


class Sandbox:
    """One working copy of the seeded store and a folder of files: restored only after a command changed it."""

    def __init__(self, seed: Seed, root: Path) -> None:
        self.seed = seed
        self.root = root
        self.home = root / "home"
        self.tmp = root / "t"
        self.n = 0
        self._fresh()

    def _fresh(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)
        self.root.mkdir(parents=True)
        shutil.copytree(self.seed.home, self.home)
        self.tmp.mkdir()
        self.values = placeholders(self.seed, self.tmp)
        for name, body in FILES.items():
            (self.tmp / name).write_bytes(body)
        (self.tmp / "import.jsonl").write_text(json.dumps(self.seed.base[0]) + "\n", encoding="utf-8")

    def run(self, argv: list[str]) -> Outcome:
        filled = [fill(a, self.values) for a in argv]
        env = {"OLLAMA_HOST": "http://127.0.0.1:9", "OPENAI_API_KEY": "", "LANGSMITH_API_KEY": ""}
        code, out, err, escaped, changed, _ = execute(filled, self.home, self.tmp, env)
        outcome = Outcome(filled, code, out, err, escaped, changed, code == 3 and self._paused_now())
        if changed:
            self._fresh()  # a command that wrote (exit 0, 1 or 3) leaves the next one a clean copy
        return outcome

    def _paused_now(self) -> bool:
        import sqlite3

        conn = sqlite3.connect(f"file:{self.home / 'runs.sqlite'}?mode=ro", uri=True)
        try:
            return bool(conn.execute("SELECT 1 FROM runs WHERE status = 'paused' LIMIT 1").fetchone())
        finally:
            conn.close()
