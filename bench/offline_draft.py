"""Offline writer speed: one draft and one revision of every kind the writer knows and of the bundled suite.

The offline writer is pure Python (no model): a draft must cost well under 10 ms so a 20-iteration offline run
is bound by the loop, not by the writer. Reports the median and the slowest over the tasks.
Run: `python -m bench.offline_draft [--repeat N]`.
"""

from __future__ import annotations

import argparse
import statistics
import time

from bench.common import table, write_section

TASKS = (
    "Write a short poem about the moon over a quiet harbor.",
    "Write a product announcement for our new bike lock, the LockPro X. It costs $49.",
    "Write an announcement for the summer picnic on Friday at 1 pm in the courtyard.",
    "Write an email to the team about the Friday deploy freeze.",
    "Summarize the benefits of remote work.",
    "Summarize how photosynthesis works.",
    "Write a list of five tips for better sleep.",
    "Write a Python function that checks whether a string is a palindrome.",
    "Describe a lighthouse.",
)
FEEDBACK = (('Does not contain the letter "e"', 'Remove "e".'), ("At least 22 words", "Has 19."))
ASKS = (
    ("Includes a call to action", "No call to action; include it."),
    ("Includes a question", "No question; include it."),
    ("Mentions the price", "No price pattern; include it."),
    ("Mentions lanterns and fog", 'No "lanterns", "fog"; include them.'),
)
"""A revision that asks for kinds of content and words (the writer reads the task's facts and writes toward them)."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    from deepagents.middleware.rubric import RubricMiddleware

    from rubric_core.models._writing import first_draft, write
    from rubric_core.suites.example import example_dataset

    def prompt(failing: tuple[tuple[str, str], ...]) -> str:
        return RubricMiddleware._revision_prompt(
            {  # type: ignore[typeddict-item]
                "result": "needs_revision",
                "explanation": "Some criteria fail.",
                "criteria": [{"name": n, "passed": False, "gap": g} for n, g in failing],
            }
        )

    message, asks = prompt(FEEDBACK), prompt(ASKS)
    tasks = list(TASKS) + [item.task for item in example_dataset().items]
    for task in tasks:
        first_draft(task)  # warm: regexes compiled, banks read
    firsts: list[float] = []
    revisions: list[float] = []
    asked: list[float] = []
    for _ in range(args.repeat):
        for task in tasks:
            start = time.perf_counter()
            draft = first_draft(task)
            firsts.append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            write([task], [message], [draft])
            revisions.append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            write([task], [asks], [draft])
            asked.append((time.perf_counter() - start) * 1000)
    rows = [
        ["first draft", f"{statistics.median(firsts):.2f}", f"{max(firsts):.2f}"],
        ["revision after feedback", f"{statistics.median(revisions):.2f}", f"{max(revisions):.2f}"],
        ["revision asking for a call to action, a question, a price, two words", *_ms(asked)],
    ]
    median = max(statistics.median(revisions), statistics.median(asked))
    body = (
        f"{len(tasks)} tasks (every kind, and the bundled suite's 24), {args.repeat} rounds after a warm-up; ms.\n\n"
        + table(["step", "median ms", "slowest ms"], rows)
        + f"\n\n**Median revision {median:.2f} ms, the slower kind** (target under 10 ms: "
        + f"{'met' if median < 10 else 'MISSED'})."
    )
    write_section("offline_draft", "9. Offline writer speed", body)


def _ms(samples: list[float]) -> list[str]:
    return [f"{statistics.median(samples):.2f}", f"{max(samples):.2f}"]


if __name__ == "__main__":
    main()
