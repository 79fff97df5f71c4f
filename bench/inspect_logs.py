"""Write an Inspect AI eval log comparable to Rubric Studio's synthetic store: N samples of 5 drafts x 8 criteria.

Run with the Python of a separate virtual environment that has `inspect-ai` (never the project's: it is not
one of its requirements): `/path/to/inspect-venv/bin/python bench/inspect_logs.py --samples 2000 --out DIR`.
Each sample holds the task, the five drafts and the grader's feedback between them as messages, and a score
whose value is the final verdict and whose metadata holds the eight criteria of every pass.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--samples", type=int, required=True)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    from inspect_ai.log import (
        EvalConfig,
        EvalDataset,
        EvalLog,
        EvalPlan,
        EvalResults,
        EvalSample,
        EvalSpec,
        EvalStats,
        write_eval_log,
    )
    from inspect_ai.model import ChatMessageAssistant, ChatMessageUser
    from inspect_ai.scorer import Score

    rng = random.Random(7)
    names = [f"Criterion {k + 1}: the answer states point {k + 1} precisely" for k in range(8)]
    samples = []
    for n in range(args.samples):
        messages = [ChatMessageUser(content=f"Task {n}: write a short answer about topic {n % 97}.")]
        passes = []
        for it in range(5):
            messages.append(ChatMessageAssistant(content=f"Draft {it + 1} of task {n}. " + "Some words here. " * 12))
            crit = [{"name": c, "passed": rng.random() < 0.5 + it * 0.1, "gap": "a gap"} for c in names]
            passes.append(crit)
            if it < 4:
                failing = "; ".join(c["name"] for c in crit if not c["passed"])
                messages.append(ChatMessageUser(content=f"Rubric feedback: fix {failing}"))
        samples.append(
            EvalSample(
                id=n + 1,
                epoch=1,
                input=messages[0].text,
                target="",
                messages=messages,
                scores={
                    "rubric": Score(
                        value="C" if all(c["passed"] for c in passes[-1]) else "I", metadata={"passes": passes}
                    )
                },
            )
        )
    log = EvalLog(
        eval=EvalSpec(
            created="2026-12-01T00:00:00+00:00",
            task="rubric_runs",
            dataset=EvalDataset(name="synthetic", samples=args.samples),
            model="offline/writer",
            config=EvalConfig(),
        ),
        plan=EvalPlan(),
        results=EvalResults(total_samples=args.samples, completed_samples=args.samples),
        stats=EvalStats(started_at="2026-12-01T00:00:00+00:00", completed_at="2026-12-01T00:10:00+00:00"),
        samples=samples,
        status="success",
    )
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    write_eval_log(log, str(out / f"2026-12-01T00-00-00+00-00_rubric-runs_{args.samples}.eval"))


if __name__ == "__main__":
    main()
