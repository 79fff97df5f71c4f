"""The command line: `python -m rubric_core run|examples|runs|show|export|import|resume|delete|suite|review|agreement|regrade`.

Exit status: 0 satisfied, 1 any other terminal status, 2 bad input (a message
on stderr, never a traceback), 130 stopped by Ctrl-C and 143 by SIGTERM (the
run is kept and `resume` finishes it).
"""

from __future__ import annotations

import argparse
import logging
import os
import signal
import sys
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rubric_core.config import ConfigError, RunConfig, load_config
from rubric_core.examples import EXAMPLES, get_example
from rubric_core.execution.settings import WorkersSettingError
from rubric_core.store.errors import StoreError
from rubric_core.words import counted

EXIT_SATISFIED, EXIT_OTHER, EXIT_BAD_INPUT = 0, 1, 2
EXIT_INTERRUPTED, EXIT_TERMINATED = 130, 143


class BadInput(Exception):
    """A user error: printed as one message, exit status 2."""


def _read(path: str, what: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        msg = f"Cannot read {what} file {path}: {exc.strerror or exc}."
        raise BadInput(msg) from None
    except UnicodeDecodeError:
        msg = f"{what.capitalize()} file {path} is not UTF-8 text."
        raise BadInput(msg) from None


def config_from_args(args: argparse.Namespace) -> RunConfig:
    """Merge --example, --config and the explicit flags (flags win) into a validated RunConfig."""
    data: dict[str, Any] = {}
    if args.example:
        try:
            ex = get_example(args.example)
        except ValueError as exc:
            raise BadInput(str(exc)) from None
        data.update(
            task=ex.task, rubric=ex.rubric, max_iterations=ex.max_iterations, grader_tools=list(ex.grader_tools)
        )
    if args.config:
        data.update({k: v for k, v in load_config(args.config).to_dict().items() if v not in ("", [], None)})
    if args.task is not None and args.task_file:
        raise BadInput("Give the task as --task or --task-file, not both.")
    if args.rubric is not None and args.rubric_file:
        raise BadInput("Give the rubric as --rubric or --rubric-file, not both.")
    if args.task is not None:
        data["task"] = args.task
    if args.task_file:
        data["task"] = _read(args.task_file, "task")
    if args.rubric is not None:
        data["rubric"] = args.rubric
    if args.rubric_file:
        data["rubric"] = _read(args.rubric_file, "rubric")
    for key in ("model", "grader", "max_iterations", "strategy", "grader_call_limit"):
        value = getattr(args, key)
        if value is not None:
            data[key] = value
    if args.grader_tool:
        data["grader_tools"] = list(args.grader_tool)
    return RunConfig.from_dict(data)


def _print_event_table(event: Any, out: Any) -> None:
    d = event.data
    if event.type == "run_started":
        print(f"run {event.run_id}  model {d['models']['model']}  grader {d['models']['grader']}", file=out)
    elif event.type == "draft":
        first = (d["text"].strip().splitlines() or [""])[0]
        print(f"\n[iteration {d['iteration']}] draft: {first[:100]}", file=out)
        for path in d.get("files") or {}:
            print(f"    file {path}", file=out)
    elif event.type == "evaluation":
        print(f"[iteration {d['iteration']}] {d['result']} ({d['wall_time_s']:.2f} s): {d['explanation']}", file=out)
        for c in d["criteria"]:
            mark = "PASS" if c["passed"] else "FAIL"
            gap = f"  -- {c.get('gap', '')}" if not c["passed"] else ""
            print(f"    {mark}  {c['name']}{gap}", file=out)
    elif event.type == "finished":
        print(
            f"\nstatus: {d['status']} after {counted(d['iterations'], 'iteration')}, "
            f"{d['tokens'].get('total_tokens', 0)} tokens, {d['wall_time_s']:.2f} s",
            file=out,
        )
    elif event.type == "error":
        print(f"error: {d['message']}", file=out)
    elif event.type == "cancelled":
        print("cancelled", file=out)
    elif event.type == "interrupted":
        print(f"interrupted: {d.get('message', '')}", file=out)


def preflight(config: RunConfig) -> None:
    """Refuse a run whose models cannot be used now (missing key, Ollama unreachable) before anything is stored."""
    from rubric_core.models.providers import check_model_ready, parse_model_spec

    for role, spec in (("Working model", config.model), ("Grader model", config.grader)):
        problem = check_model_ready(parse_model_spec(spec))
        if problem:
            raise BadInput(f"{role}: {problem} Nothing was run or stored.")


def cmd_run(args: argparse.Namespace) -> int:
    config = config_from_args(args)
    if not args.no_store:
        from rubric_core.execution.settings import worker_count

        worker_count()  # a bad RUBRIC_STUDIO_WORKERS is refused before the store is opened (exit 2)
    from rubric_core.paths import HOME_ENV, data_dir, data_dir_problem
    from rubric_core.store import open_store, write_problem

    problem = data_dir_problem()
    if problem:
        raise BadInput(f"{problem} Nothing was run or stored.")
    if not args.no_store:
        problem = write_problem()
        if problem:
            raise BadInput(problem)
    home = data_dir()
    if home.is_dir() and not os.access(home, os.W_OK | os.X_OK):
        msg = (
            f"{HOME_ENV} is {home}, a folder you cannot write, and a run keeps its checkpoints there. "
            f"Set {HOME_ENV} to a folder you can write. Nothing was run or stored."
        )
        raise BadInput(msg)
    from rubric_core.cli_dask import make_manager, uses_dask

    remote = uses_dask(args)
    if remote and args.no_store:
        raise BadInput("--no-store cannot go with a Dask scheduler: its workers write the run to the store.")
    if not remote:
        preflight(config)  # on a cluster, the workers' environment holds the keys: they check them
    from rubric_core.engine import Engine
    from rubric_core.engine.checkpoints import CheckpointFileError

    store = open_store() if not args.no_store else None
    subscriber = event_printer(jsonl=args.jsonl)
    engine = Engine()
    try:
        if store is not None:
            handle = make_manager(engine, store, args).start(config, subscribers=[subscriber])
        else:
            handle = engine.start(config, subscribers=[subscriber])
    except CheckpointFileError as exc:
        raise BadInput(str(exc)) from None
    return follow_run(handle, resumable=store is not None)


def event_printer(*, jsonl: bool) -> Any:
    """A subscriber printing each event as a JSON line or as the table."""
    if jsonl:

        def subscriber(event: Any) -> None:
            sys.stdout.write(event.to_json() + "\n")
            sys.stdout.flush()

        return subscriber

    def table(event: Any) -> None:
        _print_event_table(event, sys.stdout)
        sys.stdout.flush()

    return table


class _Terminated(Exception):
    """SIGTERM arrived while the command line was following a run."""


def _on_sigterm(signum: int, frame: Any) -> None:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # once: a second SIGTERM must not raise inside the hint
    raise _Terminated


def _wait(handle: Any) -> None:
    while not handle.wait(0.2):  # short waits: a signal is handled between them on every platform
        pass


PROCESS_ENDS_AFTER_RUN = False
"""Set by `python -m rubric_core`: once a followed run is stopped the process ends, so Ctrl-C stays ignored."""


def _ignore_sigint_while_stopping(previous: Any) -> None:
    """After a stop: SIGINT ignored when the process ends next, else the caller's handler back.

    SIG_IGN rather than a Python handler: Python puts SIG_DFL back for its own handlers while the
    interpreter finalizes, and a Ctrl-C landing then (during the exit hook that records the run) ended the
    CLI by SIGINT (-2) instead of with 130. An in-process caller (a test, a notebook) gets its handler back.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN if PROCESS_ENDS_AFTER_RUN else previous)


def follow_run(handle: Any, *, resumable: bool) -> int:
    """Wait for a run in its worker thread; Ctrl-C cancels it cleanly (as Cancel in the UI) and says how to resume.

    A second Ctrl-C, or SIGTERM, stops at once: the engine's exit hook records the run as
    interrupted and its checkpoint keeps every finished step, so `resume` finishes it. Once the CLI is
    stopping no signal raises anywhere: a press only cuts the wait short, so it cannot land half way
    through the cancel or the hint.
    """
    previous_term = signal.signal(signal.SIGTERM, _on_sigterm)
    previous_int = signal.getsignal(signal.SIGINT)
    again = threading.Event()

    def on_stopping(signum: int, frame: Any) -> None:
        again.set()

    stopped = False
    try:
        try:
            _wait(handle)
        except KeyboardInterrupt:
            stopped = True
            signal.signal(signal.SIGINT, on_stopping)
            signal.signal(signal.SIGTERM, on_stopping)
            print("\nCancelling after the step in flight... (Ctrl-C again to stop at once)", file=sys.stderr)
            handle.cancel()
            while not again.is_set() and not handle.wait(0.2):
                pass
            _print_resume_hint(handle, resumable)
            return EXIT_INTERRUPTED
        except _Terminated:
            stopped = True
            signal.signal(signal.SIGINT, on_stopping)
            _print_resume_hint(handle, resumable)
            return EXIT_TERMINATED
    finally:
        signal.signal(signal.SIGTERM, previous_term)
        if stopped:
            _ignore_sigint_while_stopping(previous_int)
    last = handle.last
    if last is None or last.type == "error":
        if last is not None and last.data.get("field"):
            print(f"error: {last.data['message']}", file=sys.stderr)
            return EXIT_BAD_INPUT
        return EXIT_OTHER
    if last.type in ("cancelled", "interrupted"):
        _print_resume_hint(handle, resumable)
        return EXIT_OTHER
    return EXIT_SATISFIED if last.type == "finished" and last.data["status"] == "satisfied" else EXIT_OTHER


def _print_resume_hint(handle: Any, resumable: bool) -> None:
    if resumable:
        print(
            f"Run {handle.run_id} stopped before its end; resume it with: python -m rubric_core resume {handle.run_id}",
            file=sys.stderr,
        )
    else:
        print(
            f"Run {handle.run_id} stopped before its end; it was not stored (--no-store), so it cannot be resumed.",
            file=sys.stderr,
        )


def cmd_examples(args: argparse.Namespace) -> int:
    for ex in EXAMPLES.values():
        print(f"{ex.name:16} {ex.title}  (offline: {ex.expected_status})")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m rubric_core", description="Rubric Studio from the command line.")
    parser.add_argument("-v", "--verbose", action="store_true", help="log library warnings and grader tracebacks")
    sub = parser.add_subparsers(dest="command", required=True)

    run = sub.add_parser("run", help="run a task against a rubric and print the loop")
    run.add_argument("--task", help="the task text")
    run.add_argument("--task-file", help="read the task from a file")
    run.add_argument("--rubric", help="the rubric text (one criterion per '- ' line)")
    run.add_argument("--rubric-file", help="read the rubric from a file")
    run.add_argument("--config", help="a .toml or .yaml RunConfig file")
    run.add_argument("--example", help=f"a bundled example: {', '.join(EXAMPLES)}")
    run.add_argument("--model", help="working model, provider:model-id (default offline:writer)")
    run.add_argument("--grader", help="grader model, provider:model-id (default offline:grader)")
    run.add_argument("--max-iterations", dest="max_iterations", help="1 to 20 (default 3)")
    run.add_argument("--grader-tool", action="append", help="a catalogue tool for the grader (repeatable)")
    run.add_argument("--strategy", choices=["auto", "tool", "provider"], help="grader structured output")
    run.add_argument("--grader-call-limit", dest="grader_call_limit", help="grader model calls per pass (default 4)")
    run.add_argument("--jsonl", action="store_true", help="print one JSON event per line")
    run.add_argument("--no-store", action="store_true", help="do not save the run in the store")
    from rubric_core.cli_dask import add_scheduler_flag

    add_scheduler_flag(run)
    run.set_defaults(func=cmd_run)

    examples = sub.add_parser("examples", help="list the bundled examples")
    examples.set_defaults(func=cmd_examples)

    from rubric_core import cli_judge, cli_store

    cli_store.add_commands(sub)

    from rubric_core import cli_suite

    cli_suite.add_commands(sub)

    cli_judge.add_commands(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=logging.WARNING if args.verbose else logging.CRITICAL, format="%(levelname)s %(name)s: %(message)s"
    )
    try:
        return int(args.func(args))
    except BadInput as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except StoreError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except WorkersSettingError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except ConfigError as exc:
        for field, message in exc.errors.items():
            print(f"error: {field}: {message}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return EXIT_OTHER
    except BrokenPipeError:
        return EXIT_OTHER
