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
    project_fields,
    read_text_file,
    run_settings,
)
from rubric_core.cli.dask import add_scheduler_flag, make_manager, uses_dask
from rubric_core.cli.following import event_printer, follow_run
from rubric_core.cli.project_check import check_project_run
from rubric_core.cli.steer import OptionalCommands, add_step_flags, step_mode
from rubric_core.cli.steer import add_commands as add_steer_commands
from rubric_core.config import RunConfig, load_config
from rubric_core.examples import EXAMPLES, get_example
from rubric_core.projects.checks import check_project_config


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
    check_project_config(config, project)
    return config


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
    remote = uses_dask(args)
    if remote and args.no_store:
        raise BadInput("--no-store cannot go with a Dask scheduler: its workers write the run to the store.")
    step = step_mode(args)
    if step and args.no_store:
        raise BadInput("--step cannot go with --no-store: a pause is kept in the store, and `run continue` reads it.")
    if not remote:
        preflight(config)  # on a cluster, the workers' environment holds the keys: they check them
    check_project_run(config, open_project(args), remote=remote)
    from rubric_core.engine import Engine
    from rubric_core.engine.checkpoint_file import CheckpointFileError

    store = open_store() if not args.no_store else None
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


def cmd_examples(args: argparse.Namespace) -> int:
    from rubric_core.example_projects import PROJECTS, ExampleCopyError, copy_example

    if args.copy:
        name, target = args.copy
        try:
            dest = copy_example(name, target)
        except ExampleCopyError as exc:
            raise BadInput(str(exc)) from None
        print(f"Copied the example project {name} to {dest}. Run it (offline, no key):")
        print(f"  rubric-studio run --project {dest} --config {dest / 'run.toml'}")
        print(f"  rubric-studio ui --project {dest}")
        return 0
    for ex in EXAMPLES.values():
        print(f"{ex.name:16} {ex.title}  (offline: {ex.expected_status})")
    print("\nExample projects (your own agent and grader tools; docs/AGENTS.md):")
    for name, line in PROJECTS.items():
        print(f"{name:16} {line}  (copy it: rubric-studio examples --copy {name} DIR)")
    return 0


def cmd_resume(args: argparse.Namespace) -> int:
    from rubric_core.engine import Engine

    open_project(args)  # a run of a project's agent resumes only with that project open

    store = open_cli_store(write=True)
    manager = make_manager(Engine(), store, args)
    try:
        handle = manager.resume(args.run_id, subscribers=[event_printer(jsonl=False)])
    except (ValueError, KeyError) as exc:
        raise BadInput(str(exc).strip("'\"")) from None
    audit(store, "resume", run_id=args.run_id, detail="resume")
    return follow_run(handle, resumable=True)


def add_commands(sub: Any) -> None:
    """Register run, examples and resume on the main parser's subcommands."""
    run = sub.add_parser("run", help="run a task against a rubric and print the loop")
    run.add_argument("--task", help="the task text")
    run.add_argument("--task-file", help="read the task from a file")
    run.add_argument("--rubric", help="the rubric text (one criterion per '- ' line)")
    run.add_argument("--rubric-file", help="read the rubric from a file")
    run.add_argument("--config", help="a .toml or .yaml RunConfig file")
    run.add_argument("--example", help=f"a bundled example: {', '.join(EXAMPLES)}")
    add_run_settings(run)
    run.add_argument("--jsonl", action="store_true", help="print one JSON event per line")
    run.add_argument("--no-store", action="store_true", help="do not save the run in the store")
    add_step_flags(run)
    add_scheduler_flag(run)
    run.set_defaults(func=cmd_run)
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
    examples.set_defaults(func=cmd_examples)

    resume = sub.add_parser("resume", help="resume an interrupted or cancelled run")
    resume.add_argument("run_id")
    add_project_flags(resume, agent=False)
    add_scheduler_flag(resume)
    resume.set_defaults(func=cmd_resume)
