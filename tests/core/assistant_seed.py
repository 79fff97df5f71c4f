"""A seeded store for the rubric assistant's tests and bench: real offline runs of one rubric version, reviewed.

The rubric has one vague criterion ("Is short"), one compound ("Mentions the team and the deadline"), one that
passes every first draft ("Has at least 1 line"), and one the reviewers disagree with: they pass a draft only
up to BREVITY words, where the grader's "At most 150 words" passes them all. On every other criterion the
reviewers agree with the grader (on "Is short", which the offline grader cannot judge, they say what they
think of the length).
"""

from __future__ import annotations

from pathlib import Path

RUBRIC = "- Is short\n- Mentions the team and the deadline\n- Has at least 1 line\n- At most 150 words\n"
NAME = "update"
BREVITY = 55
"""Reviewers pass a draft of at most this many words."""
SEED = 7
SUBJECTS = (
    "the website migration",
    "the new onboarding flow",
    "the quarterly budget review",
    "the office move",
    "the mobile app release",
    "the data warehouse upgrade",
    "the hiring plan",
    "the security audit",
    "the customer survey",
    "the product launch",
    "the support backlog",
    "the API redesign",
    "the pricing page",
    "the design system",
    "the incident review",
    "the partner program",
    "the analytics dashboard",
    "the billing cleanup",
    "the search rewrite",
    "the holiday schedule",
    "the training sessions",
    "the vendor contract",
    "the accessibility fixes",
    "the newsletter",
)
SIZES = ("a one-paragraph", "a detailed", "a short", "a long, thorough")


def seed_runs(home: Path, *, items: int = 12, rubric: str = RUBRIC, name: str = NAME) -> list[str]:
    """Run `items` offline runs of the rubric in the store at `home`; their ids."""
    from rubric_core.config import RunConfig
    from rubric_core.engine import Engine
    from rubric_core.store import open_store

    store = open_store(f"sqlite:///{home / 'runs.sqlite'}")
    engine = Engine(home)
    ids = []
    try:
        for i in range(items):
            task = (
                f"Write {SIZES[i % len(SIZES)]} status update for the team about {SUBJECTS[i % len(SUBJECTS)]}. "
                "The deadline is Friday."
            )
            config = RunConfig.from_dict({"task": task, "rubric": rubric, "rubric_name": name, "max_iterations": 3})
            ids.append(engine.execute(config, subscribers=[store.record]).run_id)
    finally:
        close = getattr(engine._checkpointer, "close", None)
        if close is not None:
            close()
        store.close()
    return ids


def fix_split(home: Path, *, name: str = NAME, low: float = 0.4, high: float = 0.6) -> int:
    """Store the rubric's review split with the first seed that holds out between `low` and `high` of its runs.

    Run ids are random, so a fixed seed could hold out all or none of a few runs (a test would then pass or
    fail by chance); the seed is chosen from the runs actually stored, so every test sees a split of both kinds.
    """
    from rubric_core.assistant.split import HELD_OUT, Split, split_of
    from rubric_core.store import open_store

    store = open_store(f"sqlite:///{home / 'runs.sqlite'}")
    try:
        ids = [r["id"] for r in store.list_runs(limit=1000)]
        seed = next(
            s for s in range(1, 10_000) if low <= sum(Split(s, HELD_OUT).holds_out(i) for i in ids) / len(ids) <= high
        )
        split_of(store, name, seed=seed)
        return seed
    finally:
        store.close()


def review_all(home: Path, *, reviews_per_cell: int = 1, only: set[str] | None = None) -> int:
    """Review every graded cell as the reviewers described above would; the number of reviews recorded."""
    from rubric_core.checks.text import words_of
    from rubric_core.judge.reviews import record_review
    from rubric_core.store import open_store

    store = open_store(f"sqlite:///{home / 'runs.sqlite'}")
    try:
        ids = [r["id"] for r in store.list_runs(limit=1000)]
        drafts = {(i["run_id"], i["turn"], i["iteration"]): i["draft_text"] for i in store.iterations(ids)}
        n = 0
        for c in store.criteria(ids):
            if only is not None and c["name"] not in only:
                continue
            words = len(words_of(drafts[(c["run_id"], c["turn"], c["iteration"])]))
            human = words <= BREVITY if c["name"] in ("At most 150 words", "Is short") else c["verdict"] == "pass"
            for k in range(reviews_per_cell):
                record_review(
                    store,
                    c["run_id"],
                    iteration=c["iteration"],
                    criterion=c["name"],
                    verdict="pass" if human else "fail",
                    reviewer=f"reviewer{k + 1}",
                    reason=f"{words} words",
                )
                n += 1
        return n
    finally:
        store.close()
