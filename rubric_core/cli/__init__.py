"""The command line: `rubric-studio` (installed) and `python -m rubric_core`, one module per command group.

`main.py` builds the parser from the groups (`run.py`, `steer.py` for `run continue` / `run fork`, `store.py`,
`suite.py` with `suite_inputs.py`, `suite_report.py`, `suite_judges.py`, `judge.py`, `rubric.py`, `ui.py`); what
several groups share lives in `common.py` (errors, exit codes, argument types, the store), `lookup.py` (finding what a command was given), `plan.py` (the order
every command follows) and `following.py` (following a live run, Ctrl-C and SIGTERM). Groups import only
those and `dask.py`, never each other or `main.py`, so the package has no import cycle (`make lint` checks it
with import-linter).

Every command resolves, then applies (plan.py): exit 2 changes nothing stored, by construction.

    def resolve_thing(args) -> Plan:        # registered with command(parser, resolve_thing)
        store = open_cli_store(write=True)  # opening is allowed; a write is not (store/write_guard.py)
        run = find_run(store, args.run_id)  # lookup.py: ids exactly or by an unambiguous prefix, never a pattern
        models_ready([("--grader", args.grader)])  # providers checked now, not when the work starts
        ...                                  # every name, id, version, column, baseline, file: BadInput (exit 2)
        return Plan(lambda: do_the_work(store, run))  # writes, runs, prints; returns the exit status

A new command (or a changed one, on another branch) follows the same shape: read and check everything in
`resolve`, raise BadInput for anything wrong, and put every write (and every print a refusal could follow) in
the plan's `apply`. A write from `resolve` raises WriteBeforeChecked (a bug the tests catch); a BadInput that
`apply` still raises after writing is reported as exit 1, saying so, never as exit 2.

Exit statuses: 0 done (a run satisfied), 1 any other end, 2 bad input (nothing changed), 3 a step-mode run
(`run --step`, `run continue`, `run fork`) stored and waiting at a pause, 130 / 143 Ctrl-C / SIGTERM. Exit 3 is
no refusal: the command was taken and wrote what a pause keeps, so like 0 and 1 it comes from `apply`, never
from `resolve`; the generated bad-input property (tests/core/bad_input_strategies.py) allows it only from those
three commands with a run stored paused.

Imports: anything in rubric_core (the top layer). Nothing imports it but `rubric_core.__main__`.
"""
