"""Generated bad input for every command (tests/core/bad_input_strategies.py), thousands of examples with fresh
seeds: how each command answered (exit 0, 1, 2, 3) and every example that broke the rule (a traceback, an exit
outside 0-2, exit 3 with no run stored waiting at a pause or from a command that cannot pause, or exit 2 after a
table changed).

`python -m bench.bad_input [--examples N] [--only COMMAND] [--section]`: N examples per command (default 150).
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings

from bench.common import table, write_section
from tests.core.bad_input_strategies import COMMANDS, Sandbox, bad_command
from tests.core.blind_harness import seed_store


def _examples(name: str, n: int, box: Sandbox, counts: Counter[str], broken: list[str], ones: list[str]) -> Any:
    """A Hypothesis test running `n` fresh examples of command `name`, counting how each ended."""

    @settings(
        max_examples=n,
        derandomize=False,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(argv=bad_command(name))
    def run(argv: list[str]) -> None:
        outcome = box.run(argv)
        counts[f"exit {outcome.code}" if outcome.code in (0, 1, 2, 3) else "other"] += 1
        counts["examples"] += 1
        if outcome.problem():
            counts["broken"] += 1
            broken.append(outcome.describe())
        elif outcome.code == 1 and len(ones) < 30:
            ones.append(f"{json.dumps([a[:50] for a in outcome.argv])}: {outcome.err.strip()[-200:]}")

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--examples", type=int, default=150, help="examples per command")
    parser.add_argument("--only", help="one command, e.g. 'suite run'")
    parser.add_argument("--section", action="store_true", help="write the counts to bench/RESULTS.md")
    args = parser.parse_args()
    started = time.perf_counter()
    rows = []
    broken: list[str] = []
    ones: list[str] = []
    with tempfile.TemporaryDirectory(prefix="bad-input-") as root:
        seed = seed_store(Path(root) / "seed")
        box = Sandbox(seed, Path(root) / "box")
        for name in sorted(COMMANDS):
            if args.only and name != args.only:
                continue
            counts: Counter[str] = Counter()
            t = time.perf_counter()

            _examples(name, args.examples, box, counts, broken, ones)()
            rows.append(
                [
                    name,
                    counts["examples"],
                    counts["exit 2"],
                    counts["exit 1"],
                    counts["exit 0"],
                    counts["exit 3"],
                    counts["other"],
                    counts["broken"],
                    f"{time.perf_counter() - t:.0f} s",
                ]
            )
            print(f"{name}: {dict(counts)}", flush=True)
    body = table(
        ["command", "examples", "exit 2", "exit 1", "exit 0", "exit 3 (paused)", "other", "broke the rule", "time"],
        rows,
    )
    total = sum(r[1] for r in rows)
    said = f"{body}\n\n{total} examples, {len(broken)} broke the rule, in {time.perf_counter() - started:.0f} s"
    print(said)
    for line in broken[:20]:
        print(f"-- {line}\n")
    if ones:
        print("exit 1 (a failure that is not bad input, or bad input said as a failure), first ones:")
        for line in ones:
            print(f"   {line}")
    if args.section:
        write_section(
            "bad_input", "Generated bad input (bench/bad_input.py)", f"`python -m bench.bad_input`\n\n{said}\n"
        )
    if broken:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
