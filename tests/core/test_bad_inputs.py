"""The catalogue of bad inputs: every one is refused with a clear message, exit 2, nothing stored changed.

One parametrised test over the command line (every subcommand and flag), config
files (TOML and YAML), import files (every field of the export format), export
targets and the environment. Each case runs the CLI in-process (fast) and asserts:
no traceback, exit status 2, a message naming what is wrong (and how to fix it),
and the store and every other file in the test's folder byte-for-byte unchanged
(the store compared as a dump of every table). A few representative cases also
run in a subprocess. Add a case whenever a new bad input is found.
"""

from __future__ import annotations

import copy
import hashlib
import io
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import traceback
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.core.helpers import ROOT

# ---- a valid run-level export line: every import case mutates one field of it ------------------

RUBRIC = "- Exactly three lines\n- Mentions spring"
TASK = "Write a haiku about spring."


def _criteria(passed: bool) -> list[dict[str, Any]]:
    return [
        {"name": "Exactly three lines", "passed": True, "gap": None},
        {"name": "Mentions spring", "passed": passed, "gap": None if passed else "No word about spring."},
    ]


def valid_record(run_id: str = "new-run") -> dict[str, Any]:
    """One run as `export --format jsonl` writes it."""
    tokens = {"input_tokens": 10, "output_tokens": 5, "total_tokens": 15}
    return {
        "schema_version": 1,
        "id": run_id,
        "inputs": {"task": TASK, "rubric": RUBRIC},
        "outputs": {
            "final_output": "Blossoms drift\nspring rain\nsoft light",
            "status": "satisfied",
            "files": [{"path": "poem.txt", "content": "Blossoms drift\nspring rain\nsoft light"}],
        },
        "metadata": {
            "models": {"model": "offline:writer", "grader": "offline:grader"},
            "rubric_name": "",
            "rubric_version": None,
            "iterations": 2,
            "turns": 1,
            "final_criteria": _criteria(True),
            "tokens": {"input_tokens": 20, "output_tokens": 10, "total_tokens": 30},
            "created_at": "2026-05-01T12:00:00+00:00",
            "finished_at": "2026-05-01T12:00:05+00:00",
            "wall_time_s": 5.0,
            "tags": ["seed"],
            "note": "",
            "config": {
                "task": TASK,
                "rubric": RUBRIC,
                "model": "offline:writer",
                "grader": "offline:grader",
                "system_prompt": "",
                "grader_prompt": "",
                "grader_tools": [],
                "max_iterations": 3,
                "strategy": "auto",
                "grader_call_limit": 4,
                "timeout_s": 120.0,
                "rubric_name": "",
            },
            "history": [
                {
                    "turn": 0,
                    "iteration": 0,
                    "draft": "Blossoms drift\nrain\nsoft light",
                    "files": [{"path": "poem.txt", "content": "draft 1"}],
                    "result": "needs_revision",
                    "explanation": "Spring is missing.",
                    "unverified": False,
                    "criteria": _criteria(False),
                    "feedback": "Mention spring.",
                    "wall_time_s": 1.5,
                    "tokens": tokens,
                },
                {
                    "turn": 0,
                    "iteration": 1,
                    "draft": "Blossoms drift\nspring rain\nsoft light",
                    "files": [],
                    "result": "satisfied",
                    "explanation": "All criteria pass.",
                    "unverified": False,
                    "criteria": _criteria(True),
                    "feedback": None,
                    "wall_time_s": 1.0,
                    "tokens": tokens,
                },
            ],
            "schema_version": 1,
        },
    }


DELETE = object()


def mutated(path: str, value: Any, base: dict[str, Any] | None = None) -> dict[str, Any]:
    """A copy of the valid record with the field at dotted `path` set to `value` (DELETE removes it)."""
    record = copy.deepcopy(base or valid_record())
    *parents, last = path.split(".")
    node: Any = record
    for part in parents:
        node = node[int(part)] if isinstance(node, list) else node[part]
    key: Any = int(last) if isinstance(node, list) else last
    if value is DELETE:
        del node[key]
    else:
        node[key] = value
    return record


def line(record: Any) -> str:
    return json.dumps(record, ensure_ascii=False)


# ---- the case type ---------------------------------------------------------------------------------


@dataclass
class Case:
    """One bad input: CLI arguments, files to create first, environment, and what the message must say."""

    id: str
    argv: list[str]
    expect: list[str]
    """Fragments the message on stderr must contain (case-insensitive): what is wrong, how to fix it."""
    files: dict[str, str | bytes] = field(default_factory=dict)
    """Files to create under the test folder first (relative path: text or bytes); a path ending in / is a folder."""
    env: dict[str, str] = field(default_factory=dict)
    setup: Callable[[Path], None] | None = None
    subprocess: bool = False
    """Also run this one through `python -m rubric_core` in a subprocess."""
    round: int = 0
    """The issue that added it (21: also one single line on stderr and no control character in any output)."""


CASES: list[Case] = []


def case(id: str, argv: list[str], *expect: str, **kw: Any) -> None:
    CASES.append(Case(id, argv, list(expect), **kw))


# ---- the command line: subcommands and flags ------------------------------------------------------

case("cli-no-command", [], "required: command")
case("ui-port-zero", ["ui", "--port", "0"], "not a port", "1 to 65535")
case("ui-port-not-a-number", ["ui", "--port", "eighty"], "not a port", "1 to 65535", subprocess=True)
case("cli-streamlit-option-on-another-command", ["runs", "--server.port", "9"], "unrecognized arguments: --server.port")
# judge and suite commands
_REVIEW = ["--iteration", "1", "--criterion", "x", "--reviewer", "ann"]
case("review-unknown-run", ["review", "nope", *_REVIEW, "--verdict", "pass", "--reason", "r"], "No run 'nope'")
case("review-without-reason", ["review", "nope", *_REVIEW, "--verdict", "pass"], "required: --reason")
case("agreement-without-scope", ["agreement"], "one of the arguments --run --suite")
case("agreement-unknown-run", ["agreement", "--run", "nope"], "No run 'nope'")
case("agreement-unknown-suite", ["agreement", "--suite", "nope"], "No suite run 'nope'", "suite list")
case("regrade-unknown-run", ["regrade", "nope"], "No run 'nope'")
case("regrade-repeat-zero", ["regrade", "--suite", "s", "--repeat", "0"], "--repeat must be at least 1")
case("regrade-nothing-named", ["regrade"], "a run id or --suite")
case(
    "suite-run-missing-dataset",
    ["suite", "run", "--dataset", "/nonexistent.jsonl", "--rubric-file", "x.md"],
    "does not exist",
)
case("suite-show-unknown", ["suite", "show", "nope"], "No suite run 'nope'")
case("suite-list-limit-zero", ["suite", "list", "--limit", "0"], "'0' must be 1 or more")
case("suite-list-limit-word", ["suite", "list", "--limit", "ten"], "--limit")
case("suite-compare-unknown", ["suite", "compare", "a", "b"], "No suite run 'a'")
case("suite-resume-unknown", ["suite", "resume", "nope"], "No suite run 'nope'")
case("cli-unknown-command", ["launch"], "invalid choice")
case("cli-verbose-only", ["-v"], "required: command")
case("cli-unknown-flag", ["run", "--temperature", "2"], "unrecognized arguments")
# The rubric assistant (issue 31): every refusal says what is wrong and stores nothing.
case("rubric-draft-missing-task-file", ["rubric", "draft", "--task-file", "nope.md"], "nope.md")
case("rubric-draft-empty-task", ["rubric", "draft", "--task-file", "t.md"], "empty", files={"t.md": "   \n"})
case(
    "rubric-draft-bad-model",
    ["rubric", "draft", "--task-file", "t.md", "--model", "no-such-provider:x"],
    "no-such-provider",
    files={"t.md": "Write a haiku."},
)
case(
    "rubric-draft-model-without-key",
    ["rubric", "draft", "--task-file", "t.md", "--model", "openai:gpt-4o-mini"],
    "OPENAI_API_KEY",
    files={"t.md": "Write a haiku."},
)
case("rubric-doctor-unknown-rubric", ["rubric", "doctor", "no-such-rubric"], "No rubric 'no-such-rubric'")
case("rubric-doctor-version-zero", ["rubric", "doctor", "spring", "--version", "0"], "--version must be 1 or more")
case("rubric-prove-unknown-proposal", ["rubric", "prove", "spring", "--proposal", "ffffffffffff"], "No proposal")
case("rubric-prove-short-id", ["rubric", "prove", "spring", "--proposal", "ab"], "No proposal")
case("rubric-accept-unknown-proposal", ["rubric", "accept", "spring", "--proposal", "ffffffffffff"], "No proposal")
case("rubric-fitness-unknown-rubric", ["rubric", "fitness", "no-such-rubric"], "No rubric 'no-such-rubric'")
case("rubric-no-subcommand", ["rubric"], "required: rubric_command")
case("cli-examples-extra-arg", ["examples", "haiku"], "unrecognized arguments")
case("runs-limit-not-a-number", ["runs", "--limit", "ten"], "not a count")
case("runs-limit-zero", ["runs", "--limit", "0"], "must be 1 or more")
case("runs-limit-negative", ["runs", "--limit", "-5"], "not a count")
case("runs-offset-negative", ["runs", "--offset", "-1"], "not a count")
case("runs-offset-not-a-number", ["runs", "--offset", "abc"], "not a count")
case("runs-status-unknown", ["runs", "--status", "done"], "invalid choice")
case("runs-since-not-a-date", ["runs", "--since", "yesterday"], "not a date", "YYYY-MM-DD")
case("runs-until-impossible-date", ["runs", "--until", "2026-13-45"], "not a date")
case("runs-rubric-version-word", ["runs", "--rubric-version", "two"], "not a count")
case("runs-rubric-version-zero", ["runs", "--rubric-version", "0"], "must be 1 or more")
case("runs-id-without-value", ["runs", "--id"], "expected one argument")
case("show-without-id", ["show"], "required: run_id")
case("show-unknown-id", ["show", "nope"], "No run 'nope'", "python -m rubric_core runs", subprocess=True)
case("show-empty-id", ["show", ""], "No run ''")
case("show-path-as-id", ["show", "../../etc/passwd"], "No run")
case("show-two-ids", ["show", "a", "b"], "unrecognized arguments")
case("delete-without-id", ["delete"], "required: run_id")
case("delete-unknown-id", ["delete", "nope"], "No run 'nope'")
case("resume-without-id", ["resume"], "required: run_id")
case("resume-unknown-id", ["resume", "nope"], "No run 'nope'")
case("import-without-path", ["import"], "required: path")
case("export-without-format", ["export", "--out", "x.jsonl"], "required: --format")
case("export-unknown-format", ["export", "--format", "xml", "--out", "x.xml"], "invalid choice")
case("export-without-out", ["export", "--format", "jsonl"], "required: --out")
case("export-since-not-a-date", ["export", "--format", "jsonl", "--out", "x.jsonl", "--since", "x"], "not a date")
case(
    "export-dataset-without-langsmith",
    ["export", "--format", "jsonl", "--out", "x.jsonl", "--dataset", "d"],
    "--dataset",
    "--format langsmith",
)

# ---- Dask: --scheduler / RUBRIC_STUDIO_DASK_SCHEDULER -------------------------------------------------

_HAIKU = ["run", "--example", "haiku"]
_UNREACHABLE = "tcp://127.0.0.1:9"  # nothing listens on the discard port: refused at once
case("dask-address-not-a-url", [*_HAIKU, "--scheduler", "scheduler:8786"], "not valid", "tcp://HOST:PORT")
case("dask-address-no-port", [*_HAIKU, "--scheduler", "tcp://10.0.0.5"], "not valid", "tcp://HOST:PORT")
case("dask-address-bad-port", [*_HAIKU, "--scheduler", "tcp://10.0.0.5:99999"], "not valid")
case(
    "dask-scheduler-unreachable",
    [*_HAIKU, "--scheduler", _UNREACHABLE],
    "Cannot reach the Dask scheduler",
    "--scheduler",
    subprocess=True,
)
case(
    "dask-env-scheduler-unreachable",
    _HAIKU,
    "Cannot reach the Dask scheduler",
    "RUBRIC_STUDIO_DASK_SCHEDULER",
    env={"RUBRIC_STUDIO_DASK_SCHEDULER": _UNREACHABLE},
)
case(
    "dask-env-scheduler-not-a-url",
    ["resume", "seed-run"],
    "not valid",
    env={"RUBRIC_STUDIO_DASK_SCHEDULER": "localhost"},
)
case("dask-resume-unreachable", ["resume", "seed-run", "--scheduler", _UNREACHABLE], "Cannot reach")
case(
    "dask-sqlite-store-remote-scheduler",
    [*_HAIKU, "--scheduler", "tcp://10.0.0.5:8786"],
    "SQLite",
    "PostgreSQL",
    "tcp://127.0.0.1",
)
case(
    "dask-suite-run-unreachable",
    ["suite", "run", "--dataset", "d.jsonl", "--rubric-file", "r.md", "--scheduler", _UNREACHABLE],
    "Cannot reach the Dask scheduler",
    files={"d.jsonl": '{"id": "a", "task": "Write a haiku."}\n', "r.md": "- Exactly three lines\n"},
)
case("dask-no-store", [*_HAIKU, "--no-store", "--scheduler", _UNREACHABLE], "--no-store", "store")

# ---- run: task, rubric and limits ------------------------------------------------------------------

BASE = ["run", "--no-store"]
case("run-nothing", ["run"], "Task is empty", "Rubric is empty")
case("run-empty-task", [*BASE, "--task", "", "--rubric", "- a"], "Task is empty")
case("run-blank-task", [*BASE, "--task", "  \t ", "--rubric", "- a"], "Task is empty")
case("run-invisible-task", [*BASE, "--task", "\u200b\u200b", "--rubric", "- a"], "Task is empty")
case("run-no-rubric", [*BASE, "--task", "x"], "Rubric is empty", subprocess=True)
for n, rubric in enumerate(
    [
        "",
        "-",
        "- ",
        "- \u200b",
        "*",
        "1.",
        "- \u00a0",
        "-\n-\n-",
        "- \u200b\n- \ufeff",
        "- -",
        "\n\n\t",
        "- \u2060\u200d",
    ]
):
    case(f"run-rubric-invisible-{n}", [*BASE, "--task", "x", f"--rubric={rubric}"], "Rubric is empty")
case("run-rubric-dash-subprocess", ["run", "--task", "x", "--rubric", "- \u200b"], "Rubric is empty", subprocess=True)
case(
    "run-rubric-file-invisible",
    [*BASE, "--task", "x", "--rubric-file", "r.md"],
    "Rubric is empty",
    "one criterion per",
    files={"r.md": "- \u200b\n"},
)
case("run-task-and-task-file", [*BASE, "--task", "x", "--task-file", "t.txt", "--rubric", "- a"], "not both")
case("run-rubric-and-rubric-file", [*BASE, "--task", "x", "--rubric", "- a", "--rubric-file", "r"], "not both")
case("run-task-file-missing", [*BASE, "--task-file", "missing.txt", "--rubric", "- a"], "Cannot read task file")
case(
    "run-task-file-directory", [*BASE, "--task-file", "d", "--rubric", "- a"], "Cannot read task file", files={"d/": ""}
)
case(
    "run-task-file-not-utf8",
    [*BASE, "--task-file", "t.txt", "--rubric", "- a"],
    "not UTF-8",
    files={"t.txt": b"\xff\xfe\x00bad"},
)
case("run-rubric-file-missing", [*BASE, "--task", "x", "--rubric-file", "nope.md"], "Cannot read rubric file")
case(
    "run-rubric-file-not-utf8",
    [*BASE, "--task", "x", "--rubric-file", "r.md"],
    "not UTF-8",
    files={"r.md": b"- caf\xe9\n"},
)
case("run-rubric-file-empty", [*BASE, "--task", "x", "--rubric-file", "r.md"], "Rubric is empty", files={"r.md": ""})
case("run-task-file-empty", [*BASE, "--task-file", "t.txt", "--rubric", "- a"], "Task is empty", files={"t.txt": ""})
case("run-task-too-long", [*BASE, "--task", "x" * 300_000, "--rubric", "- a"], "the limit is")
case("run-rubric-too-long", [*BASE, "--task", "x", "--rubric", "- a\n" * 20_000], "64 KiB")
EX = [*BASE, "--example", "haiku"]
for value in ("0", "21", "50", "-1", "abc", "3.5", "", "1e3", " "):
    case(
        f"run-max-iterations-{value.strip() or ('empty' if not value else 'space')}",
        [*EX, f"--max-iterations={value}"],
        "from 1 to 20",
    )
for value in ("0", "51", "x"):
    case(f"run-grader-call-limit-{value}", [*EX, "--grader-call-limit", value], "from 1 to 50")
case("run-model-no-provider", [*EX, "--model", "gpt4"], "provider:model-id")
case("run-model-empty", [*EX, "--model", ""], "model spec is empty", "provider:model-id")
case("run-model-blank", [*EX, "--model", "   "], "model spec is empty")
case("run-model-unknown-provider", [*EX, "--model", "nosuch:thing"], "Unknown provider", "Known providers")
case("run-model-no-model-id", [*EX, "--model", "openai:"], "provider:model-id")
# The offline writer's pace (issue 39): a speed a person can follow, in characters or words a second.
for label, value in (("word", "fast"), ("empty", ""), ("unit", "40mph"), ("negative", "-3")):
    case(f"run-model-pace-{label}", [*EX, "--model", f"offline:writer?pace={value}"], "is not a speed", "pace=6wps")
for label, value in (("zero", "0"), ("too-fast", "9000"), ("too-slow-words", "0.1wps"), ("too-fast-words", "5000wps")):
    case(f"run-model-pace-{label}", [*EX, "--model", f"offline:writer?pace={value}"], "a pace a person can follow")
case("run-grader-pace", [*EX, "--grader", "offline:grader?pace=40"], "offline:grader takes only ?latency")
case("run-grader-empty", [*EX, "--grader", ""], "Grader model spec is empty")
case("run-grader-no-provider", [*EX, "--grader", "judge"], "provider:model-id")
case("run-grader-tool-unknown", [*EX, "--grader-tool", "magic"], "Unknown grader tool 'magic'", "Known tools")
case("run-grader-tool-empty", [*EX, "--grader-tool", ""], "Unknown grader tool ''")
case("run-strategy-unknown", [*EX, "--strategy", "json"], "invalid choice")
case("run-example-unknown", [*BASE, "--example", "nope"], "Unknown example 'nope'")
case("run-config-wrong-suffix", [*EX, "--config", "x.json"], "must end in .toml, .yaml or .yml")
case("run-config-missing", [*EX, "--config", "missing.toml"], "Cannot read config file")
case("run-config-directory", [*EX, "--config", "c.toml"], "Cannot read config file", files={"c.toml/": ""})

# ---- pre-flight: a model that cannot be used now is refused before anything is stored --------------

case("preflight-openai-no-key", ["run", "--example", "haiku", "--model", "openai:gpt-4o-mini"], "OPENAI_API_KEY")
case(
    "preflight-anthropic-grader-no-key",
    ["run", "--example", "haiku", "--grader", "anthropic:claude-haiku-4-5"],
    "ANTHROPIC_API_KEY",
)
case("preflight-google-no-key", ["run", "--example", "haiku", "--model", "google_genai:gemini-2.5-flash"], "API key")
case(
    "preflight-openrouter-no-key",
    ["run", "--example", "haiku", "--model", "openrouter:openai/gpt-4o-mini"],
    "OPENROUTER_API_KEY",
)
case(
    "preflight-ollama-unreachable",
    ["run", "--example", "haiku", "--model", "ollama:llama3.2"],
    "Cannot reach the Ollama server",
    "ollama serve",
    env={"OLLAMA_HOST": "127.0.0.1:9"},
)
case(
    "preflight-ollama-grader-unreachable",
    ["run", "--example", "haiku", "--grader", "ollama:llama3.2"],
    "Cannot reach the Ollama server",
    env={"OLLAMA_HOST": "http://127.0.0.1:9"},
)
case(
    "preflight-subprocess",
    ["run", "--example", "haiku", "--model", "openai:gpt-4o-mini"],
    "OPENAI_API_KEY",
    subprocess=True,
)

# ---- config files: TOML --------------------------------------------------------------------------

GOOD_TOML = f'task = "{TASK}"\nrubric = "- Exactly three lines"\n'
TOML_CASES = {
    "grader-tools-number": ("grader_tools = 3", ["grader_tools must be a list", "line_count"]),
    "grader-tools-true": ("grader_tools = true", ["grader_tools must be a list"]),
    "grader-tools-table": ("grader_tools = {a = 1}", ["grader_tools must be a list"]),
    "grader-tools-numbers": ("grader_tools = [1, 2]", ["must hold tool names"]),
    "grader-tools-unknown": ('grader_tools = "magic"', ["Unknown grader tool 'magic'"]),
    "max-iterations-zero": ("max_iterations = 0", ["from 1 to 20"]),
    "max-iterations-21": ("max_iterations = 21", ["from 1 to 20"]),
    "max-iterations-word": ('max_iterations = "three"', ["from 1 to 20"]),
    "max-iterations-fraction": ("max_iterations = 2.5", ["from 1 to 20"]),
    "max-iterations-bool": ("max_iterations = true", ["from 1 to 20"]),
    "max-iterations-list": ("max_iterations = [3]", ["from 1 to 20"]),
    "max-iterations-table": ("max_iterations = {n = 3}", ["from 1 to 20"]),
    "call-limit-zero": ("grader_call_limit = 0", ["from 1 to 50"]),
    "call-limit-100": ("grader_call_limit = 100", ["from 1 to 50"]),
    "call-limit-bool": ("grader_call_limit = false", ["from 1 to 50"]),
    "timeout-zero": ("timeout_s = 0", ["from 1 to 3600"]),
    "timeout-huge": ("timeout_s = 99999", ["from 1 to 3600"]),
    "timeout-word": ('timeout_s = "slow"', ["from 1 to 3600"]),
    "timeout-bool": ("timeout_s = true", ["from 1 to 3600"]),
    "timeout-nan": ("timeout_s = nan", ["from 1 to 3600"]),
    "timeout-inf": ("timeout_s = inf", ["from 1 to 3600"]),
    "timeout-list": ("timeout_s = [1]", ["from 1 to 3600"]),
    "model-number": ("model = 5", ["model must be text", "a number"]),
    "model-empty": ('model = ""', ["model spec is empty"]),
    "model-list": ('model = ["openai:gpt-4o"]', ["model must be text", "a list"]),
    "grader-table": ("grader = {}", ["grader must be text", "a table"]),
    "strategy-number": ("strategy = 1", ["strategy must be text"]),
    "strategy-unknown": ('strategy = "fast"', ["auto, tool or provider"]),
    "system-prompt-number": ("system_prompt = 3", ["system_prompt must be text"]),
    "system-prompt-table": ("system_prompt = {a = 1}", ["system_prompt must be text", "a table"]),
    "grader-prompt-list": ("grader_prompt = [1]", ["grader_prompt must be text"]),
    "rubric-name-number": ("rubric_name = 5", ["rubric_name must be text"]),
    "unknown-key": ("temperature = 0.2", ["Unknown setting 'temperature'", "Known settings"]),
    "typo-key": ("max_iteration = 3", ["Unknown setting 'max_iteration'"]),
}
for name, (extra, expect) in TOML_CASES.items():
    case(f"toml-{name}", [*BASE, "--config", "c.toml"], *expect, files={"c.toml": GOOD_TOML + extra + "\n"})
TOML_WHOLE = {
    "task-table": ('task = {a = 1}\nrubric = "- a"\n', ["task must be text", "a table"]),
    "task-section": ('rubric = "- a"\n[task]\na = 1\n', ["task must be text", "a table"]),
    "task-list": ('task = ["a", "b"]\nrubric = "- a"\n', ["task must be text", "a list"]),
    "task-number": ('task = 5\nrubric = "- a"\n', ["task must be text", "a number"]),
    "task-bool": ('task = true\nrubric = "- a"\n', ["task must be text", "true/false"]),
    "task-date": ('task = 2026-01-01\nrubric = "- a"\n', ["task must be text", "date"]),
    "rubric-table": ('task = "x"\nrubric = {x = 1}\n', ["rubric must be text", "a table"]),
    "rubric-list": ('task = "x"\nrubric = ["- a", "- b"]\n', ["rubric must be text", "a list"]),
    "rubric-number": ('task = "x"\nrubric = 7\n', ["rubric must be text"]),
    "rubric-dash": ('task = "x"\nrubric = "-"\n', ["Rubric is empty"]),
    "rubric-zero-width": ('task = "x"\nrubric = "- \\u200b"\n', ["Rubric is empty"]),
    "syntax-error": ("task = \n", ["not valid TOML"]),
    "duplicate-key": ('task = "a"\ntask = "b"\n', ["not valid TOML"]),
    "empty-file": ("", ["Task is empty"]),
    "only-comments": ("# nothing here\n", ["Task is empty"]),
}
for name, (body, expect) in TOML_WHOLE.items():
    case(f"toml-{name}", [*BASE, "--config", "c.toml"], *expect, files={"c.toml": body})
case(
    "toml-not-utf8",
    [*BASE, "--config", "c.toml"],
    "not UTF-8",
    "save it as UTF-8",
    files={"c.toml": b'task = "caf\xe9"\n'},
)
case(
    "toml-grader-tools-subprocess",
    ["run", "--config", "c.toml"],
    "grader_tools must be a list",
    files={"c.toml": GOOD_TOML + "grader_tools = 3\n"},
    subprocess=True,
)

# ---- config files: YAML --------------------------------------------------------------------------

GOOD_YAML = f"task: {TASK}\nrubric: '- Exactly three lines'\n"
YAML_CASES = {
    "rubric-list": ("task: x\nrubric:\n  - a\n  - b\n", ["rubric must be text", "a list"]),
    "task-mapping": ("task: {a: 1}\nrubric: '- a'\n", ["task must be text", "a table"]),
    "task-number": ("task: 5\nrubric: '- a'\n", ["task must be text", "a number"]),
    "task-date": ("task: 2026-01-01\nrubric: '- a'\n", ["task must be text", "date"]),
    "task-yes": ("task: yes\nrubric: '- a'\n", ["task must be text", "true/false"]),
    "task-empty-string": ("task: ''\nrubric: '- a'\n", ["Task is empty"]),
    "rubric-zero-width": ('task: x\nrubric: "- \\u200b"\n', ["Rubric is empty"]),
    "rubric-dash-space": ("task: x\nrubric: '- '\n", ["Rubric is empty"]),
    "grader-tools-number": (GOOD_YAML + "grader_tools: 3\n", ["grader_tools must be a list"]),
    "grader-tools-mapping": (GOOD_YAML + "grader_tools: {a: 1}\n", ["grader_tools must be a list"]),
    "grader-tools-numbers": (GOOD_YAML + "grader_tools: [1]\n", ["must hold tool names"]),
    "max-iterations-zero": (GOOD_YAML + "max_iterations: 0\n", ["from 1 to 20"]),
    "max-iterations-50": (GOOD_YAML + "max_iterations: 50\n", ["from 1 to 20"]),
    "max-iterations-word": (GOOD_YAML + "max_iterations: x\n", ["from 1 to 20"]),
    "max-iterations-null": (GOOD_YAML + "max_iterations:\n", ["from 1 to 20"]),
    "model-empty": (GOOD_YAML + "model: ''\n", ["model spec is empty"]),
    "model-mapping": (GOOD_YAML + "model: {provider: openai}\n", ["model must be text"]),
    "strategy-list": (GOOD_YAML + "strategy: [tool]\n", ["strategy must be text"]),
    "timeout-word": (GOOD_YAML + "timeout_s: slow\n", ["from 1 to 3600"]),
    "unknown-key": (GOOD_YAML + "foo: 1\n", ["Unknown setting 'foo'"]),
    "non-string-key": (GOOD_YAML + "1: x\n", ["Unknown setting '1'"]),
    "top-level-list": ("- a\n- b\n", ["must hold a table of settings"]),
    "top-level-scalar": ("hello\n", ["must hold a table of settings"]),
    "syntax-error": ("task: [unclosed\n", ["not valid YAML"]),
    "tab-indent": ("task: x\nrubric:\n\t- a\n", ["not valid YAML"]),
    "python-tag": ("task: !!python/object/apply:os.system ['true']\nrubric: '- a'\n", ["not valid YAML"]),
    "empty-file": ("", ["Task is empty"]),
}
for name, (body, expect) in YAML_CASES.items():
    case(f"yaml-{name}", [*BASE, "--config", "c.yaml"], *expect, files={"c.yaml": body})
case("yml-task-list", [*BASE, "--config", "c.yml"], "task must be text", files={"c.yml": "task: [a]\nrubric: '- a'\n"})
case("yaml-not-utf8", [*BASE, "--config", "c.yaml"], "not UTF-8", files={"c.yaml": b"task: caf\xe9\nrubric: '- a'\n"})

# ---- import files: every field of the export format ------------------------------------------------

IMPORT_MUTATIONS: dict[str, tuple[str, Any, list[str]]] = {
    "turn-abc": ("metadata.history.0.turn", "abc", ["metadata.history[0].turn", "whole number"]),
    "turn-negative": ("metadata.history.0.turn", -1, ["metadata.history[0].turn", "0 or more"]),
    "turn-huge": ("metadata.history.0.turn", 10**30, ["metadata.history[0].turn", "or less"]),
    "turn-missing": ("metadata.history.0.turn", DELETE, ["missing metadata.history[0].turn"]),
    "iteration-string": ("metadata.history.0.iteration", "2", ["metadata.history[0].iteration"]),
    "iteration-fraction": ("metadata.history.0.iteration", 1.5, ["metadata.history[0].iteration"]),
    "file-without-content": (
        "metadata.history.0.files",
        [{"path": "a.txt"}],
        ["missing metadata.history[0].files[0].content"],
    ),
    "file-path-number": ("metadata.history.0.files", [{"path": 5, "content": "x"}], ["files[0].path", "text"]),
    "files-not-list": ("metadata.history.0.files", "a.txt", ["metadata.history[0].files"]),
    "iterations-x": ("metadata.iterations", "x", ["metadata.iterations", "whole number"]),
    "iterations-negative": ("metadata.iterations", -3, ["metadata.iterations"]),
    "turns-word": ("metadata.turns", "one", ["metadata.turns"]),
    "wall-time-slow": ("metadata.history.0.wall_time_s", "slow", ["metadata.history[0].wall_time_s", "a number"]),
    "wall-time-negative": ("metadata.history.0.wall_time_s", -1, ["metadata.history[0].wall_time_s"]),
    "run-wall-time-slow": ("metadata.wall_time_s", "slow", ["metadata.wall_time_s"]),
    "schema-version-zero": ("schema_version", 0, ["schema_version", "1 or more"]),
    "schema-version-true": ("schema_version", True, ["schema_version", "whole number"]),
    "schema-version-string": ("schema_version", "1", ["schema_version"]),
    "schema-version-fraction": ("schema_version", 1.5, ["schema_version"]),
    "schema-version-null": ("schema_version", None, ["schema_version"]),
    "schema-version-negative": ("schema_version", -1, ["schema_version"]),
    "schema-version-newer": ("schema_version", 999, ["newer than this Rubric Studio", "Upgrade"]),
    "schema-version-missing": ("schema_version", DELETE, ["missing schema_version", "export --format jsonl"]),
    "meta-schema-version-zero": ("metadata.schema_version", 0, ["metadata.schema_version"]),
    "id-missing": ("id", DELETE, ["missing id"]),
    "id-empty": ("id", "", ["id must be 1 to 64"]),
    "id-number": ("id", 5, ["id must be text"]),
    "id-spaces": ("id", "a run", ["id must be 1 to 64"]),
    "id-too-long": ("id", "a" * 65, ["id must be 1 to 64"]),
    "id-path": ("id", "../x", ["id must be 1 to 64"]),
    "id-markdown": ("id", "a`![x](http://e)", ["id must be 1 to 64"]),
    "inputs-missing": ("inputs", DELETE, ["missing inputs"]),
    "inputs-list": ("inputs", ["task"], ["inputs must be an object"]),
    "task-missing": ("inputs.task", DELETE, ["missing inputs.task"]),
    "task-empty": ("inputs.task", "", ["inputs.task must not be empty"]),
    "task-number": ("inputs.task", 5, ["inputs.task must be text"]),
    "task-invisible": ("inputs.task", "\u200b", ["inputs.task", "Task is empty"]),
    "rubric-missing": ("inputs.rubric", DELETE, ["missing inputs.rubric"]),
    "rubric-dash": ("inputs.rubric", "-", ["inputs.rubric", "Rubric is empty"]),
    "rubric-zero-width": ("inputs.rubric", "- \u200b", ["inputs.rubric", "Rubric is empty"]),
    "rubric-list": ("inputs.rubric", ["- a"], ["inputs.rubric must be text"]),
    "outputs-missing": ("outputs", DELETE, ["missing outputs"]),
    "status-unknown": ("outputs.status", "great", ["outputs.status is not a run status"]),
    "status-missing": ("outputs.status", DELETE, ["missing outputs.status"]),
    "final-output-number": ("outputs.final_output", 5, ["outputs.final_output"]),
    "output-files-string": ("outputs.files", "x", ["outputs.files"]),
    "output-file-no-content": ("outputs.files", [{"path": "a"}], ["missing outputs.files[0].content"]),
    "metadata-missing": ("metadata", DELETE, ["missing metadata"]),
    "metadata-list": ("metadata", [], ["metadata must be an object"]),
    "models-missing": ("metadata.models", DELETE, ["missing metadata.models"]),
    "model-number": ("metadata.models.model", 5, ["metadata.models.model must be text"]),
    "model-empty": ("metadata.models.model", "", ["metadata.models.model must not be empty"]),
    "model-bad-spec": ("metadata.models.model", "gpt4", ["metadata.models.model", "provider:model-id"]),
    "grader-missing": ("metadata.models.grader", DELETE, ["missing metadata.models.grader"]),
    "history-missing": ("metadata.history", DELETE, ["missing metadata.history"]),
    "history-string": ("metadata.history", "x", ["metadata.history must be a list"]),
    "history-item-number": ("metadata.history", [1], ["metadata.history[0] must be an object"]),
    "result-unknown": ("metadata.history.0.result", "great", ["is not a grading result"]),
    "criteria-string": ("metadata.history.0.criteria", "x", ["metadata.history[0].criteria"]),
    "criterion-no-name": ("metadata.history.0.criteria", [{"passed": True}], ["criteria[0].name"]),
    "criterion-empty-name": ("metadata.history.0.criteria", [{"name": "", "passed": True}], ["criteria[0].name"]),
    "criterion-name-number": ("metadata.history.0.criteria", [{"name": 5, "passed": True}], ["criteria[0].name"]),
    "criterion-passed-yes": ("metadata.history.0.criteria", [{"name": "a", "passed": "yes"}], ["criteria[0].passed"]),
    "criterion-gap-list": (
        "metadata.history.0.criteria",
        [{"name": "a", "passed": False, "gap": ["x"]}],
        ["criteria[0].gap"],
    ),
    "final-criteria-string": ("metadata.final_criteria", "x", ["metadata.final_criteria"]),
    "tokens-string": ("metadata.history.0.tokens", "x", ["metadata.history[0].tokens"]),
    "tokens-negative": ("metadata.history.0.tokens.total_tokens", -5, ["tokens.total_tokens"]),
    "tokens-word": ("metadata.history.0.tokens.total_tokens", "many", ["tokens.total_tokens"]),
    "tokens-huge": ("metadata.history.0.tokens.total_tokens", 2**70, ["tokens.total_tokens", "or less"]),
    "run-tokens-string": ("metadata.tokens.input_tokens", "10", ["metadata.tokens.input_tokens"]),
    "unverified-string": ("metadata.history.0.unverified", "no", ["metadata.history[0].unverified", "true or false"]),
    "feedback-number": ("metadata.history.0.feedback", 5, ["metadata.history[0].feedback"]),
    "draft-list": ("metadata.history.0.draft", ["a"], ["metadata.history[0].draft"]),
    "explanation-object": ("metadata.history.0.explanation", {}, ["metadata.history[0].explanation"]),
    "created-at-word": ("metadata.created_at", "yesterday", ["metadata.created_at is not an ISO date-time"]),
    "created-at-year-1": ("metadata.created_at", "0001-01-01T00:00:00+00:00", ["metadata.created_at", "out of range"]),
    "created-at-year-9999": ("metadata.created_at", "9999-01-01T00:00:00+00:00", ["out of range"]),
    "finished-at-number": ("metadata.finished_at", 5, ["metadata.finished_at"]),
    "tags-string": ("metadata.tags", "a", ["metadata.tags must be a list"]),
    "tags-numbers": ("metadata.tags", [1], ["metadata.tags[0]"]),
    "note-number": ("metadata.note", 5, ["metadata.note"]),
    "rubric-name-number": ("metadata.rubric_name", 5, ["metadata.rubric_name"]),
    "rubric-version-word": ("metadata.rubric_version", "v2", ["metadata.rubric_version"]),
    "rubric-version-zero": ("metadata.rubric_version", 0, ["metadata.rubric_version"]),
    "config-string": ("metadata.config", "x", ["metadata.config"]),
    "config-max-iterations-word": ("metadata.config.max_iterations", "x", ["metadata.config.max_iterations"]),
    "config-max-iterations-zero": ("metadata.config.max_iterations", 0, ["metadata.config.max_iterations"]),
    "config-grader-tools-number": ("metadata.config.grader_tools", 3, ["metadata.config.grader_tools"]),
    "config-unknown-key": ("metadata.config.temperature", 1, ["Unknown setting 'temperature'"]),
}
for name, (path, value, expect) in IMPORT_MUTATIONS.items():
    case(
        f"import-{name}",
        ["import", "in.jsonl"],
        *expect,
        "Nothing was imported",
        files={"in.jsonl": line(mutated(path, value)) + "\n"},
    )

_dup = valid_record()
_dup["metadata"]["history"][1]["iteration"] = 0
_order = valid_record()
_order["metadata"]["history"].reverse()
IMPORT_FILES: dict[str, tuple[str | bytes, list[str]]] = {
    "duplicate-pass": (line(_dup) + "\n", ["repeats turn 0 iteration 0"]),
    "passes-out-of-order": (line(_order) + "\n", ["out of order"]),
    "nan-wall-time": (line(valid_record()).replace('"wall_time_s": 5.0', '"wall_time_s": NaN') + "\n", ["NaN"]),
    "infinity-wall-time": (
        line(valid_record()).replace('"wall_time_s": 1.5', '"wall_time_s": Infinity') + "\n",
        ["Infinity"],
    ),
    "lone-surrogate": (line(valid_record()).replace(TASK, "\\ud800") + "\n", ["inputs.task", "surrogate"]),
    "not-json": ("{not json\n", ["line 1: not valid JSON"]),
    "truncated": (line(valid_record())[:200] + "\n", ["line 1: not valid JSON"]),
    "json-array": ("[1, 2]\n", ["expected a JSON object"]),
    "json-string": ('"a run"\n', ["expected a JSON object"]),
    "json-number": ("42\n", ["expected a JSON object"]),
    "empty-file": ("", ["holds no runs"]),
    "blank-lines": ("\n  \n\n", ["holds no runs"]),
    "not-utf8": (b'{"id": "caf\xe9"}\n', ["not UTF-8"]),
    "same-id-twice": (line(valid_record()) + "\n" + line(valid_record()) + "\n", ["already appears on line 1"]),
    "valid-then-invalid": (
        line(valid_record("good-one")) + "\n" + line(mutated("metadata.history.0.wall_time_s", "slow")) + "\n",
        ["line 2: metadata.history[0].wall_time_s"],
    ),
    "invalid-then-valid": (
        line(mutated("outputs.status", "great")) + "\n" + line(valid_record("good-one")) + "\n",
        ["line 1: outputs.status"],
    ),
    "grader-jsonl-line": (
        line({"schema_version": 1, "run_id": "x", "turn": 0, "iteration": 1, "inputs": {"task": "t", "rubric": "- a"}})
        + "\n",
        ["missing id"],
    ),
    "langsmith-line": (
        line({"inputs": {"task": "t"}, "outputs": {"status": "satisfied"}, "metadata": {}}) + "\n",
        ["missing schema_version"],
    ),
    "csv-file": ("run_id,turn,iteration\nx,0,1\n", ["not valid JSON"]),
}
for name, (body, expect) in IMPORT_FILES.items():
    case(f"import-{name}", ["import", "in.jsonl"], *expect, "Nothing was imported", files={"in.jsonl": body})
case(
    "import-poisoning-wall-time-subprocess",
    ["import", "in.jsonl"],
    "metadata.history[0].wall_time_s",
    "Nothing was imported",
    files={"in.jsonl": line(mutated("metadata.history.0.wall_time_s", "slow")) + "\n"},
    subprocess=True,
)
case("import-missing-file", ["import", "missing.jsonl"], "Cannot read", "Nothing was imported")
case("import-directory", ["import", "d"], "is a folder", files={"d/": ""})

# ---- export targets --------------------------------------------------------------------------------

for fmt in ("jsonl", "grader-jsonl", "pairs", "csv", "langsmith"):
    case(
        f"export-{fmt}-to-directory",
        ["export", "--format", fmt, "--out", "outdir"],
        "is a directory",
        files={"outdir/": ""},
    )
case(
    "export-jsonl-to-directory-subprocess",
    ["export", "--format", "jsonl", "--out", "outdir"],
    "is a directory",
    files={"outdir/": ""},
    subprocess=True,
)
case(
    "export-to-proc", ["export", "--format", "jsonl", "--out", "/proc/x.jsonl"], "system folder", "Choose another path"
)
case("export-to-proc-self", ["export", "--format", "csv", "--out", "/proc/self/x.csv"], "system folder")
case("export-to-sys", ["export", "--format", "jsonl", "--out", "/sys/x.jsonl"], "system folder")
case("export-parquet-to-proc", ["export", "--format", "parquet", "--out", "/proc/x"], "system folder")
case("export-parquet-to-file", ["export", "--format", "parquet", "--out", "f.txt"], "is a file", files={"f.txt": "x"})
case(
    "export-under-a-file",
    ["export", "--format", "jsonl", "--out", "f.txt/sub/x.jsonl"],
    "is a file",
    files={"f.txt": "x"},
)
case(
    "export-parquet-under-a-file",
    ["export", "--format", "parquet", "--out", "f.txt/sub"],
    "is a file",
    files={"f.txt": "x"},
)
case("export-empty-out", ["export", "--format", "jsonl", "--out", ""], "--out is empty")

# ---- the environment -------------------------------------------------------------------------------

for argv in (
    ["runs"],
    ["show", "seed-run"],
    ["export", "--format", "jsonl", "--out", "o.jsonl"],
    ["import", "in.jsonl"],
    ["delete", "seed-run"],
    ["run", "--example", "haiku"],
    ["run", "--example", "haiku", "--no-store"],
):
    name = argv[0] + ("-no-store" if "--no-store" in argv else "")
    case(
        f"env-home-is-a-file-{name}",
        argv,
        "RUBRIC_STUDIO_HOME",
        "which is a file",
        files={"homefile": "x", "in.jsonl": line(valid_record()) + "\n"},
        env={"RUBRIC_STUDIO_HOME": "{tmp}/homefile"},
    )
case(
    "env-home-is-a-file-subprocess",
    ["runs"],
    "which is a file",
    files={"homefile": "x"},
    env={"RUBRIC_STUDIO_HOME": "{tmp}/homefile"},
    subprocess=True,
)
case(
    "env-home-under-a-file",
    ["runs"],
    "is a file, so that directory cannot be created",
    files={"homefile": "x"},
    env={"RUBRIC_STUDIO_HOME": "{tmp}/homefile/sub"},
)
case(
    "env-home-in-proc",
    ["runs"],
    "Cannot create the store folder",
    "RUBRIC_STUDIO_HOME",
    env={"RUBRIC_STUDIO_HOME": "/proc/rubric-studio"},
)
GARBAGE_STORES: dict[str, tuple[str | bytes, list[str]]] = {
    "text": ("this is not a database\n", ["not a Rubric Studio database"]),
    "sqlite-header-then-garbage": (
        b"SQLite format 3\x00" + b"garbage" * 700,
        ["not a Rubric Studio database", "damaged", "move it away"],
    ),
    "zip": (b"PK\x03\x04" + b"\x00" * 100, ["not a Rubric Studio database"]),
}
for name, (body, expect) in GARBAGE_STORES.items():
    for argv in (["runs"], ["import", "in.jsonl"], ["run", "--example", "haiku"]):
        case(
            f"env-garbage-store-{name}-{argv[0]}",
            argv,
            *expect,
            files={"other/runs.sqlite": body, "in.jsonl": line(valid_record()) + "\n"},
            env={"RUBRIC_STUDIO_HOME": "{tmp}/other"},
        )
case(
    "env-store-is-a-directory",
    ["runs"],
    "is a directory",
    files={"other/runs.sqlite/": ""},
    env={"RUBRIC_STUDIO_HOME": "{tmp}/other"},
)


def _foreign_db(tmp: Path) -> None:
    (tmp / "other").mkdir()
    with sqlite3.connect(tmp / "other" / "runs.sqlite") as conn:
        conn.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY)")


def _newer_db(tmp: Path) -> None:
    (tmp / "other").mkdir()
    with sqlite3.connect(tmp / "other" / "runs.sqlite") as conn:
        conn.execute("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT, applied_at REAL)")
        conn.execute("INSERT INTO schema_migrations VALUES (99, 'future', 0)")


for argv in (["runs"], ["import", "in.jsonl"]):
    case(
        f"env-foreign-database-{argv[0]}",
        argv,
        "holds other data",
        "Nothing was changed",
        setup=_foreign_db,
        env={"RUBRIC_STUDIO_HOME": "{tmp}/other"},
        files={"in.jsonl": line(valid_record()) + "\n"},
    )
    case(
        f"env-newer-database-{argv[0]}",
        argv,
        "schema version 99",
        "Upgrade Rubric Studio",
        setup=_newer_db,
        env={"RUBRIC_STUDIO_HOME": "{tmp}/other"},
        files={"in.jsonl": line(valid_record()) + "\n"},
    )
DB_URLS = {
    "not-a-url": ("notaurl", ["Cannot open the store", "RUBRIC_STUDIO_DB_URL"]),
    "http": ("http://example.com", ["Cannot open the store", "RUBRIC_STUDIO_DB_URL"]),
    "mysql-no-driver": ("mysql://localhost/db", ["Cannot open the store", "RUBRIC_STUDIO_DB_URL"]),
    "empty-scheme": ("://x", ["Cannot open the store"]),
    "sqlite-in-proc": ("sqlite:////proc/rubric/runs.sqlite", ["Cannot create the store folder"]),
    "sqlite-garbage-file": ("sqlite:///{tmp}/g.sqlite", ["not a Rubric Studio database"]),
    "sqlite-directory": ("sqlite:///{tmp}/d", ["is a directory"]),
    # PostgreSQL (psycopg 3 installed): nothing listens there; the message names the masked URL and the fix
    "pg-refused": (
        "postgresql+psycopg://bob:pw-1234@127.0.0.1:1/rubric",
        ["Cannot reach the database server at postgresql+psycopg://bob:***@127.0.0.1:1/rubric", "host and port"],
    ),
    "pg-no-socket": (
        "postgresql+psycopg://bob@/rubric?host={tmp}/no-server-here",
        ["Cannot reach the database server", "RUBRIC_STUDIO_DB_URL"],
    ),
}
for name, (url, expect) in DB_URLS.items():
    argvs = [["runs"], ["export", "--format", "csv", "--out", "o.csv"]]
    if name.startswith("pg-"):
        argvs.append(["run", "--example", "haiku"])
    for argv in argvs:
        case(
            f"env-db-url-{name}-{argv[0]}",
            argv,
            *expect,
            files={"g.sqlite": "garbage", "d/": ""},
            env={"RUBRIC_STUDIO_DB_URL": url},
        )


# ---- issue 21: bounds, device and huge files, terminal safety, NUL, strict imports, datasets, targets ----------

R21 = 21
BIG = "99999999999999999999"
_RV = ["--verdict", "pass", "--reason", "r"]
_CELL = ["review", "seed-run", "--iteration", "1", "--criterion", "Exactly three lines"]


def case21(id: str, argv: list[str], *expect: str, **kw: Any) -> None:
    case(id, argv, *expect, round=R21, **kw)


def _symlink(name: str, target: str) -> Callable[[Path], None]:
    def make(tmp: Path) -> None:
        (tmp / name).symlink_to(target)

    return make


def _sparse(name: str, size: int) -> Callable[[Path], None]:
    """A file of `size` bytes that takes no room on disk (a huge file that costs nothing to make)."""

    def make(tmp: Path) -> None:
        with (tmp / name).open("wb") as f:
            f.truncate(size)

    return make


def _fifo(name: str) -> Callable[[Path], None]:
    def make(tmp: Path) -> None:
        os.mkfifo(tmp / name)

    return make


MiB = 1024 * 1024
# Numbers past what a database column holds (2**63 - 1): refused by the flag, never an OverflowError.
case21("runs-limit-past-sqlite", ["runs", "--limit", BIG], "--limit", "too large")
case21("runs-offset-past-sqlite", ["runs", "--offset", "9223372036854775808"], "--offset", "too large")
case21("runs-rubric-version-past-sqlite", ["runs", "--rubric-version", BIG], "too large")
case21(
    "export-rubric-version-past-sqlite",
    ["export", "--format", "jsonl", "--out", "o.jsonl", "--rubric-version", BIG],
    "too large",
)
case21(
    "export-csv-offset-like-past-sqlite",
    ["export", "--format", "csv", "--out", "o.csv", "--rubric-version", BIG],
    "too large",
)
case21("suite-list-limit-past-sqlite", ["suite", "list", "--limit", BIG], "too large")
case21(
    "review-iteration-past-sqlite",
    ["review", "seed-run", "--iteration", BIG, "--criterion", "x", *_RV, "--reviewer", "ann"],
    "too large",
)
case21("review-turn-past-sqlite", [*_CELL, "--turn", BIG, *_RV, "--reviewer", "ann"], "too large")
case21(
    "review-iteration-not-a-number",
    [*_CELL[:2], "--iteration", "one", "--criterion", "x", *_RV, "--reviewer", "ann"],
    "not a whole number",
)
case21("regrade-repeat-1000", ["regrade", "seed-run", "--repeat", "1000"], "--repeat must be at most 20")
case21("regrade-repeat-21", ["regrade", "seed-run", "--repeat", "21"], "at most 20")
case21("regrade-repeat-past-sqlite", ["regrade", "seed-run", "--repeat", BIG], "too large")
case21("regrade-iteration-past-sqlite", ["regrade", "seed-run", "--repeat", "2", "--iteration", BIG], "too large")
_SUITE = ["suite", "run", "--dataset", "d.jsonl"]
_DATA = {"d.jsonl": '{"id": "a", "task": "Write a haiku."}\n', "r.md": "- Exactly three lines\n"}
case21(
    "suite-run-rubric-version-past-sqlite",
    [*_SUITE, "--rubric-name", "x", "--rubric-version", BIG],
    "too large",
    files=_DATA,
)
case21(
    "suite-run-rubric-version-zero",
    [*_SUITE, "--rubric-name", "x", "--rubric-version", "0"],
    "must be 1 or more",
    files=_DATA,
)

# Devices, pipes and huge files: refused before they are read, the limit named.
case21("run-rubric-file-dev-zero", [*BASE, "--task", "x", "--rubric-file", "/dev/zero"], "not a regular file")
case21("run-task-file-dev-urandom", [*BASE, "--task-file", "/dev/urandom", "--rubric", "- a"], "not a regular file")
case21(
    "run-config-dev-zero", [*BASE, "--config", "c.toml"], "not a regular file", setup=_symlink("c.toml", "/dev/zero")
)
case21(
    "run-task-file-fifo", [*BASE, "--task-file", "t.txt", "--rubric", "- a"], "not a regular file", setup=_fifo("t.txt")
)
case21(
    "run-rubric-file-huge",
    [*BASE, "--task", "x", "--rubric-file", "r.md"],
    "rubric file",
    "the limit is 64 KiB",
    setup=_sparse("r.md", 300 * MiB),
)
case21(
    "run-task-file-huge",
    [*BASE, "--task-file", "t.txt", "--rubric", "- a"],
    "task file",
    "the limit is 256 KiB",
    setup=_sparse("t.txt", 300 * MiB),
)
case21(
    "run-task-file-just-over",
    [*BASE, "--task-file", "t.txt", "--rubric", "- a"],
    "task file",
    "the limit is 256 KiB",
    setup=_sparse("t.txt", 256 * 1024 + 1),
)
case21(
    "toml-huge", [*BASE, "--config", "c.toml"], "config file", "the limit is 1 MiB", setup=_sparse("c.toml", 300 * MiB)
)
case21("yaml-dev-zero", [*BASE, "--config", "c.yaml"], "not a regular file", setup=_symlink("c.yaml", "/dev/zero"))
case21(
    "import-dev-zero",
    ["import", "in.jsonl"],
    "not a regular file",
    "Nothing was imported",
    setup=_symlink("in.jsonl", "/dev/zero"),
)
case21(
    "import-huge",
    ["import", "in.jsonl"],
    "import file",
    "the limit is 1 GiB",
    "Nothing was imported",
    setup=_sparse("in.jsonl", 1100 * MiB),
)
case21("import-fifo", ["import", "in.jsonl"], "not a regular file", setup=_fifo("in.jsonl"))
case21(
    "suite-run-dataset-dev-zero",
    [*_SUITE, "--rubric-file", "r.md"],
    "not a regular file",
    files={"r.md": "- a\n"},
    setup=_symlink("d.jsonl", "/dev/zero"),
)
case21(
    "suite-run-dataset-huge",
    [*_SUITE, "--rubric-file", "r.md"],
    "dataset file",
    "the limit is 256 MiB",
    files={"r.md": "- a\n"},
    setup=_sparse("d.jsonl", 300 * MiB),
)
case21("suite-run-rubric-file-dev-zero", [*_SUITE, "--rubric-file", "/dev/zero"], "not a regular file", files=_DATA)
case21("regrade-rubric-file-dev-zero", ["regrade", "seed-run", "--rubric-file", "/dev/zero"], "not a regular file")
case21(
    "regrade-rubric-file-huge",
    ["regrade", "seed-run", "--rubric-file", "r.md"],
    "the limit is 64 KiB",
    setup=_sparse("r.md", 300 * MiB),
)

# Text that would be shown on a terminal or counted per person: control characters and invisible names refused.
for name, reviewer, expect in (
    ("newline", "ann\nbob", "control character"),
    ("tab", "ann\tbob", "control character"),
    ("escape", "\x1b[2J\x1b[Hann", "control character"),
    ("bidi-override", "ann\u202egnp.exe", "control character"),
    ("c1-csi", "ann\x9b2J", "control character"),
    ("zero-width-only", "\u200b\u200b", "no visible character"),
    ("zero-width-and-spaces", " \u2060 \ufeff ", "no visible character"),
    ("punctuation-only", "---", "no visible character"),
    ("too-long", "a" * 101, "the limit is 100"),
):
    case21(f"review-reviewer-{name}", [*_CELL, *_RV, f"--reviewer={reviewer}"], "Reviewer name", expect)
case21(
    "review-reason-escape",
    [*_CELL, "--verdict", "fail", "--reason", "ok\x1b]0;pwned\x07", "--reviewer", "ann"],
    "Reason holds a control character",
)
case21(
    "review-reason-too-long",
    [*_CELL, "--verdict", "fail", "--reason", "x" * 10_001, "--reviewer", "ann"],
    "the limit is 10,000",
)
# A refusal naming what the user typed shows it safely (the ESC is printed as \u001b, never raw).
case21("show-id-with-escape", ["show", "\x1b[2J\x1b[31mred"], "No run", "\\x1b[2J")
case21("delete-id-with-escape", ["delete", "x\x1b]0;title\x07"], "No run", "\\x1b]0;title")
case21("resume-id-with-escape", ["resume", "\x1b[2Jid"], "No run")
case21("suite-show-id-with-escape", ["suite", "show", "\x1b[2J"], "No suite run", "\\x1b")
case21("agreement-run-with-escape", ["agreement", "--run", "\x9b2J"], "No run", "\\x9b")

# NUL: one rule for both stores (refused in what a user gives; PostgreSQL cannot hold it).
case21(
    "run-task-file-nul",
    [*BASE, "--task-file", "t.txt", "--rubric", "- a"],
    "NUL character",
    files={"t.txt": "Write\x00 a haiku"},
)
case21(
    "run-rubric-file-nul",
    [*BASE, "--task", "x", "--rubric-file", "r.md"],
    "NUL character",
    files={"r.md": "- a\x00b\n"},
)
case21(
    "toml-task-nul",
    [*BASE, "--config", "c.toml"],
    "task holds a NUL",
    files={"c.toml": 'task = "a\\u0000b"\nrubric = "- a"\n'},
)
case21(
    "yaml-system-prompt-nul",
    [*BASE, "--config", "c.yaml"],
    "system_prompt holds a NUL",
    files={"c.yaml": GOOD_YAML + 'system_prompt: "x\\0y"\n'},
)
case21(
    "import-task-nul",
    ["import", "in.jsonl"],
    "inputs.task",
    "NUL",
    files={"in.jsonl": line(mutated("inputs.task", "a\u0000b")) + "\n"},
)
case21(
    "import-config-prompt-nul",
    ["import", "in.jsonl"],
    "metadata.config.system_prompt",
    "NUL",
    files={"in.jsonl": line(mutated("metadata.config.system_prompt", "\u0000")) + "\n"},
)
case21(
    "suite-run-item-nul",
    [*_SUITE, "--rubric-file", "r.md"],
    "item 'a'",
    "NUL",
    files={"d.jsonl": '{"id": "a", "task": "Write\\u0000"}\n', "r.md": "- a\n"},
)


# Import: all or nothing, and nothing that contradicts itself.
def _history(*keys: tuple[int, int]) -> dict[str, Any]:
    record = valid_record()
    steps = record["metadata"]["history"]
    record["metadata"]["history"] = [dict(steps[min(n, 1)], turn=t, iteration=i) for n, (t, i) in enumerate(keys)]
    record["metadata"]["iterations"] = len(keys)
    return record


_past = valid_record()
_past["metadata"]["config"]["max_iterations"] = 1
_early = mutated("metadata.finished_at", "2026-05-01T11:59:59+00:00")
_REVIEWED = {
    "name": "Exactly three lines",
    "passed": True,
    "gap": None,
    "human_passed": False,
    "human_reason": "four lines",
}
IMPORT_21: dict[str, tuple[Any, list[str]]] = {
    "iteration-gap": (_history((0, 0), (0, 2)), ["iteration 1 of that turn is missing"]),
    "first-iteration-1": (_history((0, 1), (0, 2)), ["iteration 0 of that turn is missing"]),
    "second-turn-gap": (_history((0, 0), (1, 1)), ["turn 1 iteration 1", "iteration 0 of that turn is missing"]),
    "past-max-iterations": (_past, ["past max_iterations 1"]),
    "past-default-max-iterations": (_history((0, 0), (0, 1), (0, 2), (0, 3)), ["past max_iterations 3"]),
    "iterations-count-high": (mutated("metadata.iterations", 5), ["metadata.iterations is 5", "2 graded"]),
    "iterations-count-zero": (mutated("metadata.iterations", 0), ["metadata.iterations is 0", "must agree"]),
    "finished-before-created": (_early, ["is before metadata.created_at"]),
    "finished-a-year-before": (mutated("metadata.finished_at", "2025-05-01T12:00:00+00:00"), ["before"]),
    "reviewer-newline": (
        mutated("metadata.history.0.criteria.0", {**_REVIEWED, "reviewer": "ann\nbob"}),
        ["criteria[0]", "control character"],
    ),
    "reviewed-without-reviewer": (
        mutated("metadata.history.0.criteria.0", {**_REVIEWED, "reviewer": None}),
        ["criteria[0]", "Reviewer name is empty"],
    ),
    "reviewer-zero-width": (
        mutated("metadata.history.0.criteria.0", {**_REVIEWED, "reviewer": "\u200b"}),
        ["no visible character"],
    ),
    "human-passed-word": (
        mutated("metadata.history.0.criteria.0", {**_REVIEWED, "human_passed": "no", "reviewer": "ann"}),
        ["human_passed", "true or false"],
    ),
    "human-reason-number": (
        mutated("metadata.history.0.criteria.0", {**_REVIEWED, "human_reason": 5, "reviewer": "ann"}),
        ["human_reason", "text"],
    ),
}
for name, (record, expect) in IMPORT_21.items():
    case21(
        f"import-{name}",
        ["import", "in.jsonl"],
        *expect,
        "Nothing was imported",
        files={"in.jsonl": line(record) + "\n"},
    )
case21(
    "import-good-then-gap",
    ["import", "in.jsonl"],
    "line 2",
    "missing",
    "Nothing was imported",
    files={"in.jsonl": line(valid_record("fine")) + "\n" + line(_history((0, 1))) + "\n"},
)

# Datasets and configs as users write them (a BOM is read, a column named twice is not guessed at).
_CSV = ["suite", "run", "--dataset", "d.csv", "--rubric-file", "r.md"]
for name, body, expect in (
    ("two-task-columns", "id,task,task\n1,Write a haiku.,Write a limerick.\n", "'task' more than once"),
    ("bom-two-task-columns", "\ufeffid,task,task\n1,a,b\n", "'task' more than once"),
    ("two-id-columns", "id,task,id\n1,Write a haiku.,2\n", "'id' more than once"),
    ("task-and-spaced-task", "task, task \nWrite a haiku.,x\n", "'task' more than once"),
    ("row-wider-than-header", "id,task\n1,Write a poem, about rain\n", "3 cells but the header has 2 columns"),
    ("bom-no-task-column", "\ufeffprompt\nWrite a haiku.\n", "no `task` column (columns found: prompt)"),
):
    case21(f"csv-{name}", _CSV, expect, files={"d.csv": body, "r.md": "- a\n"})
case21(
    "yaml-unclosed-bracket-one-line",
    [*BASE, "--config", "c.yaml"],
    "not valid YAML",
    "line 3",
    files={"c.yaml": "task: x\nrubric: '- a'\nmodel: [unclosed\n"},
)
case21("yaml-unclosed-quote", [*BASE, "--config", "c.yaml"], "not valid YAML", files={"c.yaml": 'task: "abc\n'})
case21(
    "yaml-bad-indent",
    [*BASE, "--config", "c.yaml"],
    "not valid YAML",
    files={"c.yaml": "task: x\n  rubric: y\n bad: z\n"},
)
case21(
    "toml-bom-then-syntax-error", [*BASE, "--config", "c.toml"], "not valid TOML", files={"c.toml": "\ufefftask = \n"}
)
case21(
    "toml-bom-then-unknown-key",
    [*BASE, "--config", "c.toml"],
    "Unknown setting 'temp'",
    files={"c.toml": "\ufeff" + GOOD_TOML + "temp = 1\n"},
)
case21(
    "yaml-bom-list",
    [*BASE, "--config", "c.yaml"],
    "must hold a table of settings",
    files={"c.yaml": "\ufeff- a\n- b\n"},
)

# Export targets named for another kind of file, refused before anything is written.
for fmt, out, expect in (
    ("calibration", "cal.csv", "writes JSONL"),
    ("jsonl", "runs.csv", "writes JSONL"),
    ("pairs", "pairs.tsv", "writes JSONL"),
    ("grader-jsonl", "g.parquet", "writes JSONL"),
    ("csv", "runs.jsonl", "writes CSV"),
    ("parquet", "runs.csv", "writes Parquet"),
):
    case21(
        f"export-{fmt}-to-{out.replace('.', '-')}",
        ["export", "--format", fmt, "--out", out],
        expect,
        "Nothing was written",
    )
case21(
    "suite-export-to-directory",
    ["suite", "export", "s", "--format", "jsonl", "--out", "outdir"],
    "is a directory",
    files={"outdir/": ""},
)
case21(
    "suite-export-calibration-to-csv",
    ["suite", "export", "s", "--format", "calibration", "--out", "c.csv"],
    "writes JSONL",
)

# Suites: an item the run config refuses is named before anything is stored (the rubric is not saved either).
case21(
    "suite-run-item-task-too-long",
    [*_SUITE, "--rubric-file", "r.md", "--rubric-name", "new-rubric"],
    "item 'big'",
    "the limit is",
    "nothing was run or stored",
    files={"d.jsonl": json.dumps({"id": "big", "task": "x" * 300_000}) + "\n", "r.md": "- a\n"},
)


# ---- running the CLI and comparing the store -----------------------------------------------------


def _dump_store(path: Path) -> list[Any]:
    """Every row of every table of a SQLite store, sorted (an unchanged dump means nothing stored changed)."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        return [(t, sorted(map(repr, conn.execute(f'SELECT * FROM "{t}"')))) for t in tables]
    finally:
        conn.close()


def _files_digest(root: Path, store: Path) -> dict[str, str]:
    """sha256 of every file under root except the live store's files (compared by their dump instead)."""
    out = {}
    for p in sorted(root.rglob("*")):
        live = p.parent == store.parent and p.name.startswith(store.name)
        if p.is_file() and not live and "__pycache__" not in p.parts:
            out[str(p.relative_to(root))] = hashlib.sha256(p.read_bytes()).hexdigest()
        elif p.is_dir():
            out[str(p.relative_to(root)) + "/"] = "dir"
    return out


@pytest.fixture(scope="module")
def seeded_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A store holding one imported run ('seed-run'), copied into every case's home."""
    from rubric_core.exports.importer import import_runs
    from rubric_core.store import open_store

    home = tmp_path_factory.mktemp("seed") / "home"
    home.mkdir()
    seed = home.parent / "seed.jsonl"
    seed.write_text(line(valid_record("seed-run")) + "\n")
    store = open_store(f"sqlite:///{home / 'runs.sqlite'}")
    assert import_runs(store, seed).imported == 1
    store.close()
    return home


def _prepare(c: Case, tmp: Path, home: Path, seeded: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    shutil.copytree(seeded, home, dirs_exist_ok=True)
    for rel, body in c.files.items():
        p = tmp / rel
        if rel.endswith("/"):
            p.mkdir(parents=True, exist_ok=True)
            continue
        p.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(body, bytes):
            p.write_bytes(body)
        else:
            p.write_text(body, encoding="utf-8")
    if c.setup:
        c.setup(tmp)
    env = {k: v.replace("{tmp}", str(tmp)) for k, v in c.env.items()}
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    monkeypatch.chdir(tmp)
    return env


def _run_in_process(argv: list[str]) -> tuple[int, str, str]:
    from rubric_core.cli.main import main

    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exc:  # argparse: usage errors exit 2 with a message
            code = int(exc.code or 0)
        except BaseException:
            pytest.fail(f"{argv[:3]} raised instead of refusing:\n{traceback.format_exc()}")
    return code, out.getvalue(), err.getvalue()


def _assert_refused(c: Case, code: int, out: str, err: str) -> None:
    assert "Traceback" not in out + err, (out, err)
    assert code == 2, f"exit {code}, expected 2\nstdout: {out[-800:]}\nstderr: {err[-800:]}"
    assert err.strip(), "a refusal says why on stderr"
    assert err.lstrip().startswith(("error:", "usage:")), err
    for fragment in c.expect:
        assert fragment.lower() in err.lower(), f"{fragment!r} not in message:\n{err}"
    assert not out.lstrip().startswith("run "), f"no run header is printed for refused input:\n{out}"
    messages = [ln for ln in err.splitlines() if ln.startswith("error:")]
    assert len(messages) == len(set(messages)), f"each message once:\n{err}"
    if c.round == R21:
        lines = [ln for ln in err.splitlines() if ln.strip()]
        assert len(lines) == 1, f"one line, one message:\n{err}"
        raw = [ch for ch in out + err if ch in "\x1b\x9b\x07\r" or "\x80" <= ch <= "\x9f" or ch == "\u202e"]
        assert not raw, f"a control character reached the terminal raw: {raw!r}"


@pytest.mark.parametrize("c", CASES, ids=[c.id for c in CASES])
def test_bad_input_is_refused_cleanly(
    c: Case, tmp_path: Path, home: Path, seeded_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _prepare(c, tmp_path, home, seeded_home, monkeypatch)
    store_file = home / "runs.sqlite"
    before = (_dump_store(store_file), _files_digest(tmp_path, store_file))
    code, out, err = _run_in_process(c.argv)
    _assert_refused(c, code, out, err)
    after = (_dump_store(store_file), _files_digest(tmp_path, store_file))
    assert after[0] == before[0], "the store changed"
    assert after[1] == before[1], "files changed or appeared"


SUBPROCESS_CASES = [c for c in CASES if c.subprocess]


@pytest.mark.parametrize("c", SUBPROCESS_CASES, ids=[c.id for c in SUBPROCESS_CASES])
def test_bad_input_is_refused_cleanly_in_a_subprocess(
    c: Case, tmp_path: Path, home: Path, seeded_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = _prepare(c, tmp_path, home, seeded_home, monkeypatch)
    store_file = home / "runs.sqlite"
    before = (_dump_store(store_file), _files_digest(tmp_path, store_file))
    proc = subprocess.run(
        [sys.executable, "-m", "rubric_core", *c.argv],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT), **env},
        timeout=300,
        check=False,
    )
    _assert_refused(c, proc.returncode, proc.stdout, proc.stderr)
    after = (_dump_store(store_file), _files_digest(tmp_path, store_file))
    assert after == before


def test_the_catalogue_holds_the_issue_21_round() -> None:
    """At least 60 new bad inputs (CLI, import, datasets, configs), each held to one line on stderr."""
    new = [c for c in CASES if c.round == R21]
    assert len(new) >= 60, len(new)
    kinds = {c.argv[0] for c in new}
    assert {"runs", "export", "import", "review", "regrade", "suite", "run"} <= kinds, kinds
    assert any("--config" in c.argv for c in new) and any("d.csv" in c.argv for c in new)


def test_the_catalogue_is_large_and_covers_every_seam() -> None:
    assert len(CASES) >= 150
    assert len({c.id for c in CASES}) == len(CASES), "case ids are unique"
    for prefix in ("cli-", "run-", "preflight-", "toml-", "yaml-", "import-", "export-", "env-"):
        assert any(c.id.startswith(prefix) for c in CASES), prefix
    from rubric_core.cli.main import build_parser

    commands = set(build_parser()._subparsers._group_actions[0].choices)  # type: ignore[union-attr]
    used = {c.argv[0] for c in CASES if c.argv and not c.argv[0].startswith("-")}
    assert commands - {"examples"} <= used, commands - used


# ---- what is accepted stays usable: an import can never poison the store ----------------------------


def _accepted_records() -> list[dict[str, Any]]:
    minimal = {
        "schema_version": 1,
        "id": "minimal",
        "inputs": {"task": "t", "rubric": "- a"},
        "outputs": {"status": "satisfied"},
        "metadata": {"models": {"model": "offline:writer", "grader": "offline:grader"}, "history": []},
    }
    nulls = valid_record("nulls")
    meta = nulls["metadata"]
    meta.update(created_at=None, finished_at=None, wall_time_s=None, rubric_version=None, note=None, config=None)
    meta["iterations"] = 1  # its first pass has no result below
    meta["history"][0].update(draft=None, explanation=None, feedback=None, wall_time_s=None, result=None)
    # A NUL in the task is refused on import as in a run (one rule for both stores: see the catalogue).
    unicode = mutated("inputs.task", "Écris un haïku 🌸 \u200b sur le printemps", valid_record("unicode"))
    two_turns = valid_record("two-turns")
    two_turns["metadata"]["history"][1].update(turn=1, iteration=0)
    two_turns["metadata"].update(iterations=2, turns=2)
    statuses = [mutated("outputs.status", s, valid_record(f"status-{s}")) for s in ("error", "cancelled", "running")]
    return [minimal, nulls, unicode, two_turns, *statuses]


def test_every_accepted_import_can_be_shown_and_exported(home: Path, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    records = _accepted_records()
    (tmp_path / "ok.jsonl").write_text("\n".join(line(r) for r in records) + "\n", encoding="utf-8")
    code, out, err = _run_in_process(["import", "ok.jsonl"])
    assert code == 0, err
    assert f"imported {len(records)} runs" in out
    for record in records:
        code, out, err = _run_in_process(["show", record["id"]])
        assert code in (0, 1) and "Traceback" not in err and not err.strip(), (record["id"], err)
        assert f"run {record['id']}" in out
    for fmt, target in (("parquet", "pq"), ("jsonl", "all.jsonl"), ("csv", "all.csv"), ("pairs", "p.jsonl")):
        code, out, err = _run_in_process(["export", "--format", fmt, "--out", target])
        assert code == 0 and not err.strip(), (fmt, err)
    # What the store exports is itself a valid import file, line for line.
    from rubric_core.exports.import_check import check_record

    exported = (tmp_path / "all.jsonl").read_text().splitlines()
    assert len(exported) == len(records)
    for n, raw in enumerate(exported, 1):
        check_record(json.loads(raw), n)


def test_the_published_schema_is_the_one_the_importer_uses() -> None:
    from jsonschema import Draft202012Validator

    from rubric_core.exports.import_check import EXPORT_SCHEMA, schema_json

    Draft202012Validator.check_schema(EXPORT_SCHEMA)
    published = (ROOT / "docs" / "export-schema.json").read_text(encoding="utf-8")
    assert published == schema_json(), (
        "regenerate: python -m rubric_core.exports.import_check > docs/export-schema.json"
    )
    assert not list(Draft202012Validator(EXPORT_SCHEMA).iter_errors(valid_record()))


@pytest.mark.parametrize("rubric", ["- ✓", "- 42", "1. Exactly three lines", "Exactly three lines", "- a\u200bb"])
def test_visible_criteria_are_still_criteria(rubric: str) -> None:
    from rubric_core.config import RunConfig
    from rubric_core.rubric import parse_criteria

    assert len(parse_criteria(rubric)) == 1
    assert RunConfig.from_dict({"task": "t", "rubric": rubric}).rubric == rubric
