"""The blind bad-input catalogue (tests/core/bad_input_blind.py) over this checkout: each case's outcome, counted.

`python -m bench.blind_badinput` seeds a store (tests/core/blind_harness.py), runs every import and command-line
case in-process against a copy of it and prints the counts (clean refusals, wrong acceptances, writes then
refuses, tracebacks, ...) and every case that is not clean. `--json FILE` also writes each outcome; `--only ID`
runs the cases whose id contains ID; `--kind import|cli` one list; `--section` writes bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from dataclasses import asdict
from pathlib import Path

from bench.common import table, write_section
from tests.core.blind_harness import (
    CLI_CASES,
    IMPORT_CASES,
    OUTCOMES,
    Outcome,
    run_cli_case,
    run_import_case,
    seed_store,
    tally,
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", help="write every outcome here")
    parser.add_argument("--only", help="run only the cases whose id contains this")
    parser.add_argument("--kind", choices=("import", "cli"))
    parser.add_argument("--section", action="store_true", help="write the counts to bench/RESULTS.md")
    parser.add_argument("--label", default="this checkout", help="what the counts are of (in the section)")
    args = parser.parse_args()
    outcomes: list[Outcome] = []
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="blind-") as root:
        seed = seed_store(Path(root) / "seed")
        print(f"seeded in {time.perf_counter() - started:.1f} s", flush=True)
        lists = [("import", IMPORT_CASES, run_import_case), ("cli", CLI_CASES, run_cli_case)]
        n = 0
        for kind, cases, runner in lists:
            if args.kind and kind != args.kind:
                continue
            for case in cases:
                if args.only and args.only not in case["id"]:
                    continue
                n += 1
                t = time.perf_counter()
                outcome = runner(case, seed, Path(root) / f"case-{n}")
                outcomes.append(outcome)
                took = time.perf_counter() - t
                if outcome.outcome not in ("clean", "skipped"):
                    print(f"-- {outcome.describe()}\n", flush=True)
                elif took > 5:
                    print(f"   {kind} {case['id']}: {outcome.outcome} in {took:.1f} s", flush=True)
    counts = tally(outcomes)
    rows = [[kind, *(counts[kind][o] for o in OUTCOMES), sum(counts[kind].values())] for kind in counts]
    body = table(["cases", *OUTCOMES, "total"], rows)
    print(body)
    print(f"\n{len(outcomes)} cases in {time.perf_counter() - started:.0f} s")
    if args.json:
        Path(args.json).write_text(json.dumps([asdict(o) for o in outcomes], indent=1), encoding="utf-8")
    if args.section:
        write_section(
            "blind_badinput",
            "Blind bad-input catalogue",
            f"{args.label}: `python -m bench.blind_badinput`\n\n{body}\n",
        )


if __name__ == "__main__":
    main()
