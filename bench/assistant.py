"""The rubric assistant's cost: a diagnosis and a proof over 24 items x 5 criteria x 2 reviews each, offline.

Prints the wall time of each, the grader calls a proof makes (at most one regrade of the stored drafts: one
grading pass per stored draft, counted at the offline grader's model), and memory (peak RSS, and the Python
heap's peak during each step by tracemalloc).

    .venv/bin/python -m bench.assistant [--items 24]
"""

from __future__ import annotations

import argparse
import os
import resource
import tempfile
import time
import tracemalloc
from pathlib import Path

RUBRIC = (
    "- Is short\n"
    "- Mentions the team and the deadline\n"
    "- Has at least 1 line\n"
    "- At most 150 words\n"
    "- Does not contain the letter z\n"
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--items", type=int, default=24)
    args = parser.parse_args()
    home = Path(tempfile.mkdtemp(prefix="bench-assistant-")) / "home"
    home.mkdir()
    os.environ["RUBRIC_STUDIO_HOME"] = str(home)
    os.environ["RUBRIC_STUDIO_WORKERS"] = "0"
    from rubric_core.assistant.doctor import examine
    from rubric_core.assistant.proof import prove
    from rubric_core.models.offline import OfflineGrader
    from rubric_core.store import open_store
    from tests.core.assistant_seed import NAME, SEED, review_all, seed_runs

    t0 = time.monotonic()
    seed_runs(home, items=args.items, rubric=RUBRIC)
    reviews = review_all(home, reviews_per_cell=2)
    seeded = time.monotonic() - t0
    store = open_store()
    drafts = len(store.iterations([r["id"] for r in store.list_runs(limit=10_000)]))
    calls = {"n": 0}
    original = OfflineGrader.respond

    def counted(self, messages, **kwargs):  # type: ignore[no-untyped-def]
        calls["n"] += 1
        return original(self, messages, **kwargs)

    OfflineGrader.respond = counted  # type: ignore[method-assign]

    tracemalloc.start()
    t0 = time.monotonic()
    diagnosis = examine(store, NAME, seed=SEED)
    diagnose_s = time.monotonic() - t0
    _, diagnose_peak = tracemalloc.get_traced_memory()
    tracemalloc.reset_peak()
    threshold = next(p for p in diagnosis.proposals if p.kind == "threshold")
    calls["n"] = 0
    t0 = time.monotonic()
    proof = prove(store, threshold.id)
    prove_s = time.monotonic() - t0
    _, prove_peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"store: {args.items} items x 5 criteria, {drafts} stored drafts, {reviews} reviews (2 per cell); seeded in {seeded:.1f} s"
    )
    print(
        f"diagnosis: {diagnose_s:.2f} s, {len(diagnosis.findings)} findings, {len(diagnosis.proposals)} proposals, heap peak {diagnose_peak / 2**20:.1f} MB"
    )
    print(
        f"proof: {prove_s:.2f} s, {proof.regraded_drafts} drafts regraded, {calls['n']} grader model calls "
        f"({calls['n'] / max(1, drafts):.2f} per stored draft; one regrade = {drafts}), heap peak "
        f"{prove_peak / 2**20:.1f} MB, outcome {proof.outcome}"
    )
    print(
        f"held-out agreement on {proof.criterion!r}: {proof.criterion_before.rate:.0%} -> "
        f"{proof.criterion_after.rate:.0%} over {proof.criterion_after.n} cells"
    )
    print(f"process peak RSS {rss_mb:.0f} MB; load average {os.getloadavg()[0]:.2f}")
    store.close()


if __name__ == "__main__":
    main()
