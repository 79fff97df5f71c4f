"""Run commands: `run` (a task against a rubric), `run continue` and `run fork` (steer.py), `resume`, `examples`.

Exit status: 0 satisfied, 1 any other terminal status, 2 bad input (a message
on stderr, never a traceback), 3 paused (step mode: `run continue` goes on),
130 stopped by Ctrl-C and 143 by SIGTERM (the run is kept and `resume` finishes it).
"""

from __future__ import annotations

import argparse
import os
from typing import Any

from rubric_core.cli.common import (
    BadInput,
    add_project_flags,
    add_run_settings,
    audit,
    open_cli_store,
    open_project,
    path_arg,
    project_fields,
    read_text_file,
    run_settings,
)
from rubric_core.cli.dask import add_scheduler_flag, check_scheduler, make_manager, uses_dask
from rubric_core.cli.following import event_printer, follow_run
from rubric_core.cli.lookup import find_run, models_ready
from rubric_core.cli.plan import Plan, command
from rubric_core.cli.project_check import check_project_run
from rubric_core.cli.steer import OptionalCommands, add_step_flags, step_mode
from rubric_core.cli.steer import add_commands as add_steer_commands
from rubric_core.config import RunConfig, load_config
from rubric_core.examples import EXAMPLES, get_example
from rubric_core.projects.checks import check_project_config
from rubric_core.rubric import repeated_criteria


def config_from_args(args: argparse.Namespace) -> RunConfig:
    """Merge --example, --config and the explicit flags (flags win) into a validated RunConfig.

    A run that names a project's agent or tools is also checked against the project (ConfigError by field).
    """
    project = open_project(args)
    root = str(project.root) if project is not None else ""
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
        loaded = load_config(args.config, project=root).to_dict()
        data.update({k: v for k, v in loaded.items() if v not in ("", [], None, {})})
    if args.task is not None and args.task_file:
        raise BadInput("Give the task as --task or --task-file, not both.")
    if args.example and (args.task is not None or args.task_file):
        raise BadInput(
            f"--example {args.example} brings its own task; --task / --task-file would replace it. Give one of them."
        )
    if args.rubric is not None and args.rubric_file:
        raise BadInput("Give the rubric as --rubric or --rubric-file, not both.")
    if args.task is not None:
        data["task"] = args.task
    if args.task_file:
        data["task"] = read_text_file(args.task_file, "task")
    if args.rubric is not None:
        data["rubric"] = args.rubric
    if args.rubric_file:
        data["rubric"] = read_text_file(args.rubric_file, "rubric")
    data.update(run_settings(args))
    data.update(project_fields(args, project))
    config = RunConfig.from_dict(data)
    repeated = repeated_criteria(config.rubric)
    if repeated:
        raise BadInput(repeated)
    check_project_config(config, project)
    return config


def preflight(config: RunConfig) -> None:
    """Refuse a run whose models cannot be used now (missing key, Ollama unreachable) before anything is stored."""
    models_ready([("Working model", config.model), ("Grader model", config.grader)])


def resolve_run(args: argparse.Namespace) -> Plan:
    config = config_from_args(args)
    from rubric_core.execution.settings import worker_count

    worker_count()  # a bad RUBRIC_STUDIO_WORKERS is refused (exit 2), even when this run would not use it
    from rubric_core.paths import HOME_ENV, data_dir, data_dir_problem
    from rubric_core.store import write_problem

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
    check_scheduler(args)
    remote = uses_dask(args)
    if remote and args.no_store:
        raise BadInput("--no-store cannot go with a Dask scheduler: its workers write the run to the store.")
    step = step_mode(args)
    if step and args.no_store:
        raise BadInput("--step cannot go with --no-store: a pause is kept in the store, and `run continue` reads it.")
    if not remote:
        preflight(config)  # on a cluster, the workers' environment holds the keys: they check them
    check_project_run(config, open_project(args), remote=remote)
    store = open_cli_store(write=True) if not args.no_store else None

    def apply() -> int:
        from rubric_core.engine import Engine
        from rubric_core.engine.checkpoint_file import CheckpointFileError

        subscriber = event_printer(jsonl=args.jsonl)
        engine = Engine()
        try:
            if store is not None:
                handle = make_manager(engine, store, args).start(config, subscribers=[subscriber], step=step)
            else:
                handle = engine.start(config, subscribers=[subscriber])
        except CheckpointFileError as exc:
            raise BadInput(str(exc)) from None
        if store is not None:
            audit(
                store,
                "start",
                run_id=handle.run_id,
                detail=f"run, {config.model} graded by {config.grader}" + (f", step by step ({step})" if step else ""),
            )
        return follow_run(handle, resumable=store is not None)

    return Plan(apply)


def resolve_examples(args: argparse.Namespace) -> Plan:
    from pathlib import Path

    from rubric_core.example_projects import PROJECTS, ExampleCopyError, copy_example

    if not args.copy:
        return Plan(_list_examples)
    name, target = args.copy
    if name not in PROJECTS:
        raise BadInput(f"No example project {name!r}: the example projects are {', '.join(PROJECTS)}.")
    if not target.strip():
        raise BadInput("--copy NAME DIR: DIR is empty. Give the new folder to copy the example into.")
    try:
        path_arg(target)
    except argparse.ArgumentTypeError as exc:
        raise BadInput(f"--copy NAME DIR: {exc}.") from None
    dest = Path(target).expanduser()
    if dest.is_symlink() or dest.exists():
        # The help says "the new folder DIR": an existing one (even empty) is someone's, and is left alone.
        raise BadInput(f"{dest} already exists: give a new folder to copy the example into (it is created).")
    ancestor = dest.parent
    while not ancestor.exists() and ancestor != ancestor.parent:
        ancestor = ancestor.parent
    if not ancestor.is_dir() or not os.access(ancestor, os.W_OK | os.X_OK):
        raise BadInput(f"Cannot create {dest}: {ancestor} is not a folder you can write. Choose another folder.")

    def apply() -> int:
        try:
            copied = copy_example(name, target)
        except ExampleCopyError as exc:
            raise BadInput(str(exc)) from None
        print(f"Copied the example project {name} to {copied}. Run it (offline, no key):")
        print(f"  rubric-studio run --project {copied} --config {copied / 'run.toml'}")
        print(f"  rubric-studio ui --project {copied}")
        return 0

    return Plan(apply)


def _list_examples() -> int:
    from rubric_core.example_projects import PROJECTS

    for ex in EXAMPLES.values():
        print(f"{ex.name:16} {ex.title}  (offline: {ex.expected_status})")
    print("\nExample projects (your own agent and grader tools; docs/AGENTS.md):")
    for name, line in PROJECTS.items():
        print(f"{name:16} {line}  (copy it: rubric-studio examples --copy {name} DIR)")
    return 0


def resolve_resume(args: argparse.Namespace) -> Plan:
    from rubric_core.engine import Engine

    open_project(args)  # a run of a project's agent resumes only with that project open
    check_scheduler(args)
    store = open_cli_store(write=True)
    run = find_run(store, args.run_id)
    manager = make_manager(Engine(), store, args)
    try:
        problem = manager.resume_problem(run["id"])
    except (ValueError, KeyError) as exc:
        raise BadInput(str(exc).strip("'\"")) from None
    if problem:
        raise BadInput(f"Run {run['id']}: {problem}")

    def apply() -> int:
        try:
            handle = manager.resume(run["id"], subscribers=[event_printer(jsonl=False)])
        except (ValueError, KeyError) as exc:
            raise BadInput(str(exc).strip("'\"")) from None
        audit(store, "resume", run_id=run["id"], detail="resume")
        return follow_run(handle, resumable=True)

    return Plan(apply)


def add_commands(sub: Any) -> None:
    """Register run, examples and resume on the main parser's subcommands."""
    run = sub.add_parser("run", help="run a task against a rubric and print the loop")
    run.add_argument("--task", help="the task text")
    run.add_argument("--task-file", type=path_arg, help="read the task from a file")
    run.add_argument("--rubric", help="the rubric text (one criterion per '- ' line)")
    run.add_argument("--rubric-file", type=path_arg, help="read the rubric from a file")
    run.add_argument("--config", type=path_arg, help="a .toml or .yaml RunConfig file")
    run.add_argument("--example", help=f"a bundled example: {', '.join(EXAMPLES)}")
    add_run_settings(run)
    run.add_argument("--jsonl", action="store_true", help="print one JSON event per line")
    run.add_argument("--no-store", action="store_true", help="do not save the run in the store")
    add_step_flags(run)
    add_scheduler_flag(run)
    command(run, resolve_run)
    # `run continue RUN` and `run fork RUN --at K`; plain `run --example haiku` still runs a task.
    add_steer_commands(
        run.add_subparsers(dest="run_command", metavar="{continue,fork}", required=False, action=OptionalCommands)
    )

    examples = sub.add_parser("examples", help="list the bundled examples; --copy NAME DIR copies an example project")
    examples.add_argument(
        "--copy",
        nargs=2,
        metavar=("NAME", "DIR"),
        help="copy the example project NAME (fixer) to the new folder DIR, to run or change it",
    )
    command(examples, resolve_examples)

    resume = sub.add_parser("resume", help="resume an interrupted or cancelled run")
    resume.add_argument("run_id")
    add_project_flags(resume, agent=False)
    add_scheduler_flag(resume)
    command(resume, resolve_resume)
