"""The rubric assistant on the command line: `rubric draft|doctor|prove|accept|fitness`.

Exit codes as elsewhere: 0 done, 1 a proof that is not "better" (prove) or a model that failed, 2 bad input.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from rubric_core.cli.common import (
    EXIT_BELOW,
    EXIT_OK,
    BadInput,
    count_arg,
    open_cli_store,
    path_arg,
    read_text_file,
    whole_arg,
)
from rubric_core.cli.lookup import find_proposal, model_spec, models_ready, rubric_version, rubric_versions
from rubric_core.cli.plan import Plan, command


def _print_json(kind: str, data: dict[str, Any]) -> None:
    print(json.dumps({"type": kind, **data}, ensure_ascii=False, default=str))


def _check_words(check: dict[str, Any]) -> str:
    from rubric_core.verdicts import check_text

    return check_text(check)


def _model_failed(exc: Any) -> int:
    """A model spec, key or server the person can fix: bad input (exit 2); a model that failed: exit 1."""
    if getattr(exc, "bad_input", False):
        raise BadInput(str(exc))
    print(f"error: {exc}", file=sys.stderr)
    return EXIT_BELOW


def resolve_draft(args: argparse.Namespace) -> Plan:
    """Every input of `rubric draft` checked (the note, the model, the files, the task) before anything is drafted
    or a model called: exit 2 says what and why."""
    from rubric_core.assistant.draft_inputs import check_note, check_task
    from rubric_core.assistant.drafting import DraftInputError, drafter_model

    if args.model is not None and not args.model.strip():
        raise BadInput(
            "--model is empty: leave --model out to draft with the offline rules, or name a provider model such as "
            "openai:gpt-4o-mini."
        )
    try:
        if args.note is not None:
            check_note(args.note)
        spec = drafter_model(args.model)
        if args.rubric_file and args.note is None:
            raise BadInput(
                '--rubric-file needs --note: say what to change in that rubric ("remove 2", "add a greeting").'
            )
        if args.rubric_file and spec:
            raise BadInput("--rubric-file is amended by the rules: leave --model out.")
        task = check_task(read_text_file(args.task_file, "task"))
        rubric = read_text_file(args.rubric_file, "rubric") if args.rubric_file else None
    except DraftInputError as exc:
        raise BadInput(str(exc)) from None
    if spec:
        model_spec(spec, "--model")
        models_ready([("--model", spec)])
    return Plan(lambda: _draft(task, rubric, args))


def _draft(task: str, rubric: str | None, args: argparse.Namespace) -> int:
    from rubric_core.assistant.drafting import DraftInputError, amend_rubric, draft_rubric
    from rubric_core.assistant.llm import AssistantModelError

    try:
        if rubric is not None:
            draft = amend_rubric(task, rubric, args.note)
        else:
            draft = draft_rubric(task, model=args.model, note=args.note or "")
    except DraftInputError as exc:
        raise BadInput(str(exc)) from None
    except AssistantModelError as exc:
        return _model_failed(exc)
    if args.jsonl:
        _print_json("rubric_draft", draft.to_dict())
        return EXIT_OK
    _print_draft(draft)
    return EXIT_OK


def _print_draft(draft: Any) -> None:
    print(f"# drafted by {draft.source}" + (f" (note: {draft.note})" if draft.note else ""))
    if draft.message:
        print(f"# {draft.message}")
    for c in draft.criteria:
        print(f"- {c.text}")
        print(f"    why: {c.reason}")
        print(f"    check: {_check_words(c.check)}")
    if draft.left_to_llm:
        print("\nleft to an LLM grader (the offline grader cannot check these; add them to the rubric if you use one):")
        for c in draft.left_to_llm:
            print(f"- {c.text}  ({c.reason})")
    if draft.held_back:
        print("\nheld back (each cannot hold together with a line above; edit one to use it):")
        for c in draft.held_back:
            print(f"- {c.text}  ({c.reason})")
    for w in draft.warnings:
        print(f"\nnote: {w}")
    if draft.usage:
        cost = draft.usage.get("cost_usd")
        print(
            f"\nmodel calls {draft.usage['calls']} · tokens {draft.usage['total_tokens']:,} · "
            + ("cost n/a (no price for this model)" if cost is None else f"cost ${cost:.4f}")
        )


def resolve_doctor(args: argparse.Namespace) -> Plan:
    from rubric_core.store import assistant as assistant_store

    store = open_cli_store(write=True)
    version = rubric_version(store, args.name, args.version)
    split = assistant_store.read_split(store, args.name)
    if args.seed is not None and split is not None and split[0] != args.seed:
        raise BadInput(
            f"--seed {args.seed}: rubric {args.name!r}'s review split is fixed (seed {split[0]}, stored on its first "
            "diagnosis), so every proof of it is scored on the same held-out runs and a review added later never "
            "changes side. Leave --seed out. Another split starts with another rubric name: save the rubric under a "
            "new name and run it there."
        )
    if args.model is not None and not args.model.startswith("offline:"):
        model_spec(args.model, "--model")
        models_ready([("--model", args.model)])
    elif args.model is not None:
        model_spec(args.model, "--model")
    return Plan(lambda: _doctor(store, version, args))


def _doctor(store: Any, version: int, args: argparse.Namespace) -> int:
    from rubric_core.assistant.doctor import examine
    from rubric_core.assistant.llm import AssistantModelError
    from rubric_core.assistant.proof import AssistantError

    try:
        diagnosis = examine(store, args.name, version, model=args.model, seed=args.seed)
    except AssistantError as exc:
        raise BadInput(str(exc)) from None
    except AssistantModelError as exc:
        return _model_failed(exc)
    if args.jsonl:
        data = diagnosis.to_dict()
        _print_json("diagnosis", {k: v for k, v in data.items() if k not in ("findings", "proposals")})
        for f in data["findings"]:
            _print_json("finding", f)
        for p in data["proposals"]:
            _print_json("proposal", p)
        return EXIT_OK
    d = diagnosis.to_dict()
    print(
        f"rubric {d['rubric_name']} v{d['rubric_version']}: {d['runs']} runs ({len(d['suite_runs'])} suite runs), "
        f"{d['cells']} verdicts, {d['reviewed']} reviewed ({d['held_out']} held out for proofs, seed {d['seed']})"
    )
    if not diagnosis.findings:
        print("no findings: nothing in the stored evidence points at a criterion")
        return EXIT_OK
    for f in diagnosis.findings:
        print(f"\n[{f.kind}] {f.criterion}\n  {f.title}")
        for c in f.cells[:5]:
            print(f"    run {c.run_id} turn {c.turn + 1} iteration {c.iteration + 1}: {c.verdict}")
        for p in diagnosis.proposals_for(f):
            print(f"  proposal {p.id}: {p.title}\n    why: {p.reason}\n    by {p.source}")
    print("\nprove one with: rubric-studio rubric prove NAME --proposal ID")
    return EXIT_OK


def _score_line(label: str, s: dict[str, Any]) -> str:
    from rubric_core.judge.kappa_interval import interval_said

    rate = "–" if s["agreement"] is None else f"{s['agreement']:.0%}"
    ci = "" if not s.get("agreement_ci") else f" ({s['agreement_ci'][0]:.0%}–{s['agreement_ci'][1]:.0%})"
    kappa = "undefined" if s["kappa"] is None else f"{s['kappa']:.2f}"
    said = interval_said(s.get("kappa_ci"), s.get("kappa_ci_method"), int(s["n"]))
    kci = f" ({said})" if said and s["kappa"] is not None else ""
    share = "–" if s["na_share"] is None else f"{s['na_share']:.0%}"
    return (
        f"  {label:7} n {s['n']:>3}  agreement {rate}{ci}  kappa {kappa}{kci}  false acceptances "
        f"{s['false_acceptances']}  n/a {share}"
    )


def resolve_prove(args: argparse.Namespace) -> Plan:
    from rubric_core.assistant.evidence import version_run_ids

    store = open_cli_store(write=True)
    proposal = find_proposal(store, args.proposal)
    if proposal["rubric_name"] != args.name:
        raise BadInput(
            f"Proposal {proposal['id']} edits rubric {proposal['rubric_name']!r}, not {args.name!r}: prove it as "
            f"`rubric-studio rubric prove {proposal['rubric_name']} --proposal {proposal['id']}`."
        )
    if args.grader is not None:
        model_spec(args.grader, "--grader")
        models_ready([("--grader", args.grader)])
    if not version_run_ids(store, proposal["rubric_name"], proposal["rubric_version"]):
        raise BadInput(
            f"Rubric {proposal['rubric_name']!r} version {proposal['rubric_version']} has no graded run: a proof "
            "regrades stored drafts, so run the version (a run or a suite) first."
        )
    return Plan(lambda: _prove(store, proposal["id"], args))


def _prove(store: Any, proposal_id: str, args: argparse.Namespace) -> int:
    from rubric_core.assistant.proof import AssistantError, prove

    try:
        proof = prove(store, proposal_id, grader=args.grader)
    except AssistantError as exc:
        raise BadInput(str(exc)) from None
    data = proof.to_dict()
    if args.jsonl:
        _print_json("proof", data)
    else:
        print(
            f"proof {proof.id} of proposal {proof.proposal_id} ({proof.rubric_name} v{proof.rubric_version}): "
            f"{proof.outcome.replace('_', ' ').upper()}"
        )
        print(f"  {proof.why}")
        print(
            f"  regraded {proof.regraded_drafts} stored drafts of {proof.regraded_runs} runs with {proof.grader} "
            f"(no working-model call) in {proof.wall_time_s:.1f} s; held out: {len(proof.held_out_runs)} runs, "
            f"learned from: {proof.learn_runs} (seed {proof.seed})"
        )
        print(f"criterion {proof.criterion!r} on held-out reviews:")
        print(_score_line("before", data["criterion_before"]))
        print(_score_line("after", data["criterion_after"]))
        print("every criterion on held-out reviews:")
        print(_score_line("before", data["overall_before"]))
        print(_score_line("after", data["overall_after"]))
        if proof.flips_before:
            print(
                f"  flips before: {proof.flips_before[0]} of {proof.flips_before[1]} (after: not measured, one regrade)"
            )
        for o in proof.outcomes:
            print(f"  run {o['run_id']} turn {o['turn'] + 1}: {o['change']}")
        if proof.review_first:
            print(f"review first ({proof.needed} more needed):")
            for c in proof.review_first:
                print(f"  run {c['run_id']} iteration {c['iteration'] + 1}: {c['why']}")
    return EXIT_OK if proof.outcome == "better" else EXIT_BELOW


def resolve_accept(args: argparse.Namespace) -> Plan:
    from rubric_core.assistant.accept import check_accept
    from rubric_core.assistant.proof import AssistantError

    store = open_cli_store(write=True)
    proposal = find_proposal(store, args.proposal)
    if proposal["rubric_name"] != args.name:
        raise BadInput(
            f"Proposal {proposal['id']} edits rubric {proposal['rubric_name']!r}, not {args.name!r}: nothing was saved."
        )
    try:
        plan = check_accept(store, proposal, anyway=args.anyway)
    except AssistantError as exc:
        raise BadInput(str(exc)) from None
    return Plan(lambda: _accept(store, plan))


def _accept(store: Any, plan: Any) -> int:
    from rubric_core.assistant.accept import apply_accept

    done = apply_accept(store, plan)
    said = "saved as version" if done.new else "is already version"
    print(f"{done.name} {said} {done.version} (proof {done.proof_id}: {done.outcome.replace('_', ' ')})")
    if done.reverted:
        print(
            f"note: v{done.version} is the proposal's edit of v{plan.proposal['rubric_version']}, so it undoes what came "
            f"after that version: {'; '.join(done.reverted)}."
        )
    return EXIT_OK


def resolve_fitness(args: argparse.Namespace) -> Plan:
    store = open_cli_store()
    versions = rubric_versions(store, args.name)
    chosen = [rubric_version(store, args.name, args.version)] if args.version is not None else versions
    return Plan(lambda: _fitness(store, chosen, args))


def _fitness(store: Any, chosen: list[int], args: argparse.Namespace) -> int:
    from rubric_core.assistant.fitness import fitness

    for v in chosen:
        f = fitness(store, args.name, v)
        if args.jsonl:
            _print_json("fitness", {"rubric_name": args.name, "rubric_version": v, **f.to_dict()})
        else:
            print(f"{args.name} v{v}: {f.label}")
    return EXIT_OK


def add_commands(sub: Any) -> None:
    """`rubric draft|doctor|prove|accept|fitness`."""
    rubric = sub.add_parser("rubric", help="the rubric assistant: draft, diagnose, prove and accept edits")
    rsub = rubric.add_subparsers(dest="rubric_command", required=True)
    draft = rsub.add_parser("draft", help="draft a rubric from a task (offline rules, or --model through an LLM)")
    draft.add_argument("--task-file", type=path_arg, required=True, help="the task, a UTF-8 text file")
    draft.add_argument("--model", help="provider:model-id to draft with (default: offline rules)")
    draft.add_argument(
        "--note",
        help='what to change, in plain words ("add a greeting", "remove 2", "make it stricter"); a note that cannot '
        "be applied is refused (exit 2)",
    )
    draft.add_argument(
        "--rubric-file",
        type=path_arg,
        help="a rubric to amend with --note instead of a fresh draft (one '- line' each)",
    )
    draft.add_argument("--jsonl", action="store_true", help="one JSON record")
    command(draft, resolve_draft)
    doctor = rsub.add_parser("doctor", help="findings and proposed edits for a library rubric version")
    doctor.add_argument("name")
    doctor.add_argument("--version", type=whole_arg, help="the version (default: the latest)")
    doctor.add_argument("--model", help="provider:model-id to propose edits with too (default: rules only)")
    doctor.add_argument(
        "--seed", type=count_arg, help="the seed of this rubric's review split (0 or more), on first use only"
    )
    doctor.add_argument("--jsonl", action="store_true", help="one JSON record per finding and proposal")
    command(doctor, resolve_doctor)
    prove = rsub.add_parser("prove", help="regrade the stored drafts under a proposal, score it on held-out reviews")
    prove.add_argument("name")
    prove.add_argument("--proposal", required=True, help="the proposal's id (or its start) from `rubric doctor`")
    prove.add_argument("--grader", help="grader spec (default: each run's own grader)")
    prove.add_argument("--jsonl", action="store_true", help="one JSON record")
    command(prove, resolve_prove)
    accept = rsub.add_parser("accept", help="save a proven proposal as a new version of the rubric")
    accept.add_argument("name")
    accept.add_argument("--proposal", required=True)
    accept.add_argument("--anyway", action="store_true", help="accept a proposal not proven better, on purpose")
    command(accept, resolve_accept)
    fit = rsub.add_parser("fitness", help="what each version's held-out agreement makes it good for")
    fit.add_argument("name")
    fit.add_argument("--version", type=whole_arg, help="one version (default: every version)")
    fit.add_argument("--jsonl", action="store_true")
    command(fit, resolve_fitness)
