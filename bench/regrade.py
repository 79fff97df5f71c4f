"""Regrade cost: a what-if of a stored 3-draft run and a 5-repeat consistency check, offline grader.

Both go through the real create_deep_agent + RubricMiddleware with a replay
working model (see docs/JUDGE.md), so this is the price of the honest
regrade: one agent build per regrade plus one graph invocation per draft.
Prints a Markdown table (it does not touch bench/RESULTS.md).
Run: `python -m bench.regrade [--repeat N]`.
"""

from __future__ import annotations

import argparse
import os
import tempfile

from bench.common import machine, repeat, summary, table


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    home = tempfile.mkdtemp(prefix="bench-regrade-")
    os.environ["RUBRIC_STUDIO_HOME"] = home
    from rubric_core.config import RunConfig
    from rubric_core.engine import Engine
    from rubric_core.examples import get_example
    from rubric_core.judge.consistency import consistency
    from rubric_core.judge.whatif import what_if
    from rubric_core.store import open_store

    store = open_store()
    ex = get_example("haiku")
    run_id = (
        Engine(home)
        .execute(RunConfig.from_dict({"task": ex.task, "rubric": ex.rubric}), subscribers=[store.record])
        .run_id
    )
    edited = "- Exactly three lines\n- Is about spring"
    rows = [
        ["what-if, 3 drafts", summary(repeat(lambda: what_if(store, run_id, rubric=edited, save=False), args.repeat))],
        [
            "consistency, 1 draft x 5",
            summary(repeat(lambda: consistency(store, run_id, repeats=5, save=False), args.repeat)),
        ],
    ]
    print(f"Regrade cost ({machine()})\n")
    print(table(["regrade (offline grader)", "wall time per regrade"], rows))


if __name__ == "__main__":
    main()
