"""`run continue` (go on from a step-mode pause) and `run fork` (a new run from iteration k of a stored run).

Exit status as `run`: 0 satisfied, 1 any other end (a stop included), 2 bad input (nothing written), 3 the
run paused again (continue it), 130 / 143 stopped by Ctrl-C / SIGTERM. Every argument (the files, the
criterion names, the verdicts, whether the run is paused, whether the fork's checkpoint exists) is checked
before the first write. Step mode is for single runs: a suite run or a matrix never pauses.
"""

from __future__ import annotations

import argparse
import getpass
import os
from typing import Any

from rubric_core.cli.common import (
    EXIT_OTHER,
    BadInput,
    add_project_flags,
    audit,
    open_cli_store,
    open_project,
    positive_arg,
    read_text_file,
)
from rubric_core.cli.dask import add_scheduler_flag, make_manager, uses_dask
from rubric_core.cli.following import event_printer, follow_run


def _reviewer(args: argparse.Namespace) -> str:
    """Who decides: --reviewer NAME, else the account running the command; stored as cli:NAME."""
    from rubric_core.access.identity import cli_actor
    from rubric_core.judge.reviews import ReviewError, check_reviewer

    typed = args.reviewer
    if typed is None:
        try:
            typed = getpass.getuser()
        except (KeyError, OSError):  # no name for this uid (some containers)
            typed = f"uid{os.getuid()}"
    try:
        return cli_actor(check_reviewer(typed)).id
    except ReviewError as exc:
        raise BadInput(str(exc)) from None


def _file(path: str | None, what: str) -> str | None:
    return None if path is None else read_text_file(path, what)


def _models_ready(config: Any, args: argparse.Namespace) -> None:
    """The run's models can be used from here (a key, a reachable server); on a Dask cluster its workers say."""
    if uses_dask(args):
        return
    from rubric_core.models.providers import check_model_ready, parse_model_spec

    for role, spec in (("Working model", config.model), ("Grader model", config.grader)):
        problem = check_model_ready(parse_model_spec(spec))
        if problem:
            raise BadInput(f"{role}: {problem} Nothing was run or stored.")


def cmd_continue(args: argparse.Namespace) -> int:
    from rubric_core.config import RunConfig
    from rubric_core.engine import Engine
    from rubric_core.engine.checkpoint_file import CheckpointFileError
    from rubric_core.execution.steer_requests import SteerError, build_decision, parse_override

    open_project(args)  # a run of a project's agent goes on only with that project open
    store = open_cli_store(write=True)
    try:
        overrides = [parse_override(text) for text in args.override or []]
        decision = build_decision(
            store,
            args.run_id,
            overrides=overrides,
            feedback=_file(args.feedback_file, "feedback"),
            rubric=_file(args.rubric_file, "rubric"),
            draft=_file(args.draft_file, "draft"),
            stop=args.stop,
            reviewer=_reviewer(args),
        )
        run = store.get_run(args.run_id)
        if not args.stop:
            _models_ready(RunConfig.from_dict(dict(run["config"])), args)
        manager = make_manager(Engine(), store, args)
        handle = manager.continue_paused(
            args.run_id, decision, subscribers=[event_printer(jsonl=args.jsonl)] if not args.stop else []
        )
    except (SteerError, CheckpointFileError) as exc:
        raise BadInput(str(exc)) from None
    except (ValueError, KeyError) as exc:
        raise BadInput(str(exc).strip("'\"")) from None
    said = [f"{o['criterion']!r}={o['verdict']}" for o in decision["overrides"]]
    said += [f"{what} edited" for what in ("feedback", "rubric", "draft") if decision.get(what)]
    detail = "stop" if args.stop else "continue" + (f": {', '.join(said)}" if said else "")
    audit(store, "steer", run_id=args.run_id, detail=detail)
    if handle is None:
        print(f"Run {args.run_id} stopped at its pause (cancelled); resume it to pause there again.")
        return EXIT_OTHER
    return follow_run(handle, resumable=True)


def cmd_fork(args: argparse.Namespace) -> int:
    from rubric_core.engine import Engine
    from rubric_core.engine.checkpoint_file import CheckpointFileError
    from rubric_core.execution.steer_requests import SteerError, build_fork

    open_project(args)
    store = open_cli_store(write=True)
    engine = Engine()
    step = "drafts" if args.step_drafts else "verdicts" if args.step else None
    try:
        spec, config = build_fork(
            store,
            engine,
            args.run_id,
            iteration=args.at - 1,
            turn=None if args.turn is None else args.turn - 1,
            rubric=_file(args.rubric_file, "rubric"),
            draft=_file(args.draft_file, "draft"),
            feedback=_file(args.feedback_file, "feedback"),
            by=_reviewer(args),
        )
        _models_ready(config, args)
        handle = make_manager(engine, store, args).fork(
            spec, config, step=step, subscribers=[event_printer(jsonl=args.jsonl)]
        )
    except (SteerError, CheckpointFileError) as exc:
        raise BadInput(str(exc)) from None
    except (ValueError, KeyError) as exc:
        raise BadInput(str(exc).strip("'\"")) from None
    changed = ", ".join(w for w in ("rubric", "draft", "feedback") if spec.get(w))
    audit(store, "fork", run_id=handle.run_id, detail=f"fork of {args.run_id} at iteration {args.at}: {changed}")
    return follow_run(handle, resumable=True)


def add_step_flags(parser: argparse.ArgumentParser) -> None:
    """--step and --step-drafts: pause after each grading pass (and before each grading)."""
    parser.add_argument(
        "--step",
        action="store_true",
        help="step by step: pause after each grading pass, before its feedback goes back to the agent "
        "(go on with `rubric-studio run continue RUN`; exit status 3 while paused)",
    )
    parser.add_argument(
        "--step-drafts",
        action="store_true",
        help="step by step, and also pause before each grading to read the draft first (implies --step)",
    )


def step_mode(args: argparse.Namespace) -> str:
    """The step mode the flags ask for ('' none)."""
    return "drafts" if getattr(args, "step_drafts", False) else "verdicts" if getattr(args, "step", False) else ""


class _AnyWord(dict):  # type: ignore[type-arg]
    """The subcommands, as a choice list that takes any word (OptionalCommands decides what a word is)."""

    def __init__(self, names: dict[str, Any]) -> None:
        super().__init__()
        self.names = names

    def __contains__(self, word: object) -> bool:
        return True

    def __iter__(self) -> Any:
        return iter(self.names)

    def __len__(self) -> int:
        return len(self.names)


class OptionalCommands(argparse._SubParsersAction):  # type: ignore[type-arg]
    """`run`'s `continue` and `fork`, optional: a word that is neither is left unrecognized, as before they existed.

    Without this, `run --temperature 2` said "invalid choice: '2' (choose from continue, fork)" instead of
    "unrecognized arguments: --temperature 2" (argparse gives the first free word to the subcommand slot).
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.choices = _AnyWord(self._name_parser_map)  # argparse checks the choice before calling the action

    def __call__(self, parser: Any, namespace: Any, values: Any, option_string: Any = None) -> None:
        if values and values[0] not in self._name_parser_map:
            unknown = argparse._UNRECOGNIZED_ARGS_ATTR  # type: ignore[attr-defined]
            vars(namespace).setdefault(unknown, []).extend(values)
            return
        super().__call__(parser, namespace, values, option_string)


def add_commands(run_sub: Any) -> None:
    """Register `continue` and `fork` under `run` (its subparsers made with `action=OptionalCommands`)."""
    go = run_sub.add_parser(
        "continue",
        help="go on from a step-mode pause: override verdicts, edit the feedback, the rubric or the draft, or stop",
    )
    go.add_argument("run_id")
    go.add_argument(
        "--override",
        action="append",
        metavar="CRITERION=VERDICT",
        help="a human verdict (pass, fail or n/a) for a criterion of the paused pass, stored as your review; "
        'what goes back to the agent follows it (repeatable), e.g. --override "Exactly three lines=fail"',
    )
    go.add_argument(
        "--feedback-file", help="the feedback the agent gets instead of the grader's (a pass asking for revision)"
    )
    go.add_argument("--rubric-file", help="grade the paused draft again under this rubric (a new grading run)")
    go.add_argument("--draft-file", help="paused before grading: grade this text instead of the draft")
    go.add_argument("--stop", action="store_true", help="end the run here (cancelled; resume pauses here again)")
    go.add_argument("--reviewer", help="who decides (default: your account name); stored as cli:NAME")
    go.add_argument("--jsonl", action="store_true", help="print one JSON event per line")
    add_project_flags(go, agent=False)
    add_scheduler_flag(go)
    go.set_defaults(func=cmd_continue)

    fork = run_sub.add_parser(
        "fork", help="a new run from iteration K of a stored run, with an edited rubric, draft or feedback"
    )
    fork.add_argument("run_id")
    fork.add_argument(
        "--at", type=positive_arg, required=True, metavar="K", help="the iteration to fork from (1 = the first draft)"
    )
    fork.add_argument("--turn", type=positive_arg, help="the turn (1 = the first; default: the last)")
    fork.add_argument("--rubric-file", help="grade iteration K's draft under this rubric, and go on")
    fork.add_argument("--draft-file", help="grade this text as iteration K's draft instead, and go on")
    fork.add_argument("--feedback-file", help="the agent gets this after iteration K's grading instead, and revises")
    add_step_flags(fork)
    fork.add_argument("--reviewer", help="who forks (default: your account name); stored as cli:NAME")
    fork.add_argument("--jsonl", action="store_true", help="print one JSON event per line")
    add_project_flags(fork, agent=False)
    add_scheduler_flag(fork)
    fork.set_defaults(func=cmd_fork)
