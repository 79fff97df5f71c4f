"""`run continue` (go on from a step-mode pause) and `run fork` (a new run from iteration k of a stored run).

Exit status as `run`: 0 satisfied, 1 any other end (a stop included), 2 bad input (nothing written), 3 the
run paused again (continue it), 130 / 143 stopped by Ctrl-C / SIGTERM. Each is a resolve(args) -> Plan
(rubric_core/cli/plan.py): every argument (the run id, whole or an unambiguous start; the files, the
criterion names, the verdicts, whether the run is paused, whether the fork's checkpoint exists, the project,
the models) is checked before the first write. Step mode is for single runs: a suite run or a matrix never pauses.
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
    path_arg,
    positive_arg,
    read_text_file,
)
from rubric_core.cli.dask import add_scheduler_flag, check_scheduler, make_manager, uses_dask
from rubric_core.cli.following import event_printer, follow_run
from rubric_core.cli.lookup import find_run, models_ready
from rubric_core.cli.plan import Plan, command


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
    models_ready([("Working model", config.model), ("Grader model", config.grader)])


def resolve_continue(args: argparse.Namespace) -> Plan:
    """`run continue`: the run (whole id or an unambiguous start), that it is paused, every override, file and the
    reviewer against its pause, its project and models, all checked before the first write."""
    from rubric_core.config import RunConfig
    from rubric_core.engine import Engine
    from rubric_core.execution.steer_requests import SteerError, build_decision, parse_override
    from rubric_core.projects.checks import check_project_config

    open_project(args)  # a run of a project's agent goes on only with that project open
    check_scheduler(args)
    store = open_cli_store(write=True)
    run_id = str(find_run(store, args.run_id)["id"])
    try:
        overrides = [parse_override(text) for text in args.override or []]
        decision = build_decision(
            store,
            run_id,
            overrides=overrides,
            feedback=_file(args.feedback_file, "feedback"),
            rubric=_file(args.rubric_file, "rubric"),
            draft=_file(args.draft_file, "draft"),
            stop=args.stop,
            reviewer=_reviewer(args),
        )
        run = store.get_run(run_id)
        config = RunConfig.from_dict(dict(run["config"]))
    except SteerError as exc:
        raise BadInput(str(exc)) from None
    except (ValueError, KeyError) as exc:
        raise BadInput(str(exc).strip("'\"")) from None
    check_project_config(config)
    if not args.stop:
        _models_ready(config, args)
    manager = make_manager(Engine(), store, args)

    def apply() -> int:
        from rubric_core.engine.checkpoint_file import CheckpointFileError

        try:  # what continue_paused checks again (still paused: another tab may have gone on) comes before its writes
            handle = manager.continue_paused(
                run_id, decision, subscribers=[event_printer(jsonl=args.jsonl)] if not args.stop else []
            )
        except (SteerError, CheckpointFileError) as exc:
            raise BadInput(str(exc)) from None
        said = [f"{o['criterion']!r}={o['verdict']}" for o in decision["overrides"]]
        said += [f"{what} edited" for what in ("feedback", "rubric", "draft") if decision.get(what)]
        detail = "stop" if args.stop else "continue" + (f": {', '.join(said)}" if said else "")
        audit(store, "steer", run_id=run_id, detail=detail)
        if handle is None:
            print(f"Run {run_id} stopped at its pause (cancelled); resume it to pause there again.")
            return EXIT_OTHER
        return follow_run(handle, resumable=True)

    return Plan(apply)


def resolve_fork(args: argparse.Namespace) -> Plan:
    """`run fork`: the parent run (whole id or an unambiguous start), the fork point and its checkpoint, the files,
    the reviewer, the project and the models, all checked before the fork is stored."""
    from rubric_core.engine import Engine
    from rubric_core.execution.steer_requests import SteerError, build_fork
    from rubric_core.projects.checks import check_project_config

    open_project(args)
    check_scheduler(args)
    store = open_cli_store(write=True)
    parent = str(find_run(store, args.run_id)["id"])
    engine = Engine()
    try:
        spec, config = build_fork(
            store,
            engine,
            parent,
            iteration=args.at - 1,
            turn=None if args.turn is None else args.turn - 1,
            rubric=_file(args.rubric_file, "rubric"),
            draft=_file(args.draft_file, "draft"),
            feedback=_file(args.feedback_file, "feedback"),
            by=_reviewer(args),
        )
    except SteerError as exc:
        raise BadInput(str(exc)) from None
    except (ValueError, KeyError) as exc:
        raise BadInput(str(exc).strip("'\"")) from None
    check_project_config(config)
    _models_ready(config, args)
    manager = make_manager(engine, store, args)

    def apply() -> int:
        from rubric_core.engine.checkpoint_file import CheckpointFileError

        try:
            handle = manager.fork(
                spec, config, step=step_mode(args) or None, subscribers=[event_printer(jsonl=args.jsonl)]
            )
        except CheckpointFileError as exc:
            raise BadInput(str(exc)) from None
        changed = ", ".join(w for w in ("rubric", "draft", "feedback") if spec.get(w))
        audit(store, "fork", run_id=handle.run_id, detail=f"fork of {parent} at iteration {args.at}: {changed}")
        return follow_run(handle, resumable=True)

    return Plan(apply)


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
        "--feedback-file",
        type=path_arg,
        help="the feedback the agent gets instead of the grader's (a pass asking for revision)",
    )
    go.add_argument(
        "--rubric-file", type=path_arg, help="grade the paused draft again under this rubric (a new grading run)"
    )
    go.add_argument("--draft-file", type=path_arg, help="paused before grading: grade this text instead of the draft")
    go.add_argument("--stop", action="store_true", help="end the run here (cancelled; resume pauses here again)")
    go.add_argument("--reviewer", help="who decides (default: your account name); stored as cli:NAME")
    go.add_argument("--jsonl", action="store_true", help="print one JSON event per line")
    add_project_flags(go, agent=False)
    add_scheduler_flag(go)
    command(go, resolve_continue)

    fork = run_sub.add_parser(
        "fork", help="a new run from iteration K of a stored run, with an edited rubric, draft or feedback"
    )
    fork.add_argument("run_id")
    fork.add_argument(
        "--at", type=positive_arg, required=True, metavar="K", help="the iteration to fork from (1 = the first draft)"
    )
    fork.add_argument("--turn", type=positive_arg, help="the turn (1 = the first; default: the last)")
    fork.add_argument("--rubric-file", type=path_arg, help="grade iteration K's draft under this rubric, and go on")
    fork.add_argument("--draft-file", type=path_arg, help="grade this text as iteration K's draft instead, and go on")
    fork.add_argument(
        "--feedback-file", type=path_arg, help="the agent gets this after iteration K's grading instead, and revises"
    )
    add_step_flags(fork)
    fork.add_argument("--reviewer", help="who forks (default: your account name); stored as cli:NAME")
    fork.add_argument("--jsonl", action="store_true", help="print one JSON event per line")
    add_project_flags(fork, agent=False)
    add_scheduler_flag(fork)
    command(fork, resolve_fork)
