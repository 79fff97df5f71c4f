"""Sixty tasks written blind (tests/core/writing_blind_a.py, issue 38 item 4): every draft the writer composes is
the genre asked for, in its parts, with the task's facts and none of its forbidden words, and no echo of the
task, no stuffed sentence, no invented fact. The writer alone on all sixty; the real loop on a dozen."""

from __future__ import annotations

import pytest

from rubric_core.engine import Engine
from rubric_core.models._writing import write
from tests.core.draft_audit import audit
from tests.core.draft_faults import echo_faults, grammar_faults, invented_facts, stuffing_faults
from tests.core.genre_shapes import GENRE_OF_LABEL, shape_faults
from tests.core.writing_blind_a import TASKS

KNOWLEDGE_NUMBERS = {"recipe"}
"""Genres whose numbers come from the writer's knowledge of the subject (a banana bread's 180°C), not from the
user's world: counted apart (docs/WRITER.md)."""

CASE_FOLDED = {"Python function with tests", "SQL query", "JSON config", "JSON object"}


def _shown(task: str) -> str:
    draft = write([task], [], [])
    return draft.text + (f"\n\n```python\n{draft.file_content}\n```" if draft.file_content else "")


@pytest.mark.parametrize("task", TASKS, ids=[t["id"] for t in TASKS])
def test_first_draft_is_the_genre_asked_with_the_facts_and_nothing_false(task: dict) -> None:
    text, genre = _shown(task["task"]), GENRE_OF_LABEL[task["genre"]]
    facts = tuple(task["facts"])
    assert shape_faults(text, genre) == [], text
    assert echo_faults(text, task["task"], facts) == [], text
    assert stuffing_faults(text, task["task"], task["rubric"]) == [], text
    assert grammar_faults(text) == [], text
    if genre not in KNOWLEDGE_NUMBERS:
        assert invented_facts(text, task["task"], task["rubric"]) == [], text
    low = text.lower()
    assert [f for f in task["forbidden"] if f.lower() in low] == [], text
    # Every fact the task gives is carried (the code genres may carry a fact in another case: "SELECT" for "select").
    missing = [f for f in facts if f.lower() not in low]
    assert missing == [], (missing, text)


LOOP = [
    "launch-email-roamly",
    "job-post-crumb-backend",
    "release-notes-pipewise-one-line",
    "cover-letter-fable-fern-tight",
    "faq-loopwear-refunds",
    "minutes-product-sync",
    "sql-dept-avg-salary",
    "json-user-profile",
    "linkedin-ledgerly-10k",
    "apology-okafor-damaged",
    "invite-data-after-dark",
    "support-jamal-login",
]


@pytest.mark.parametrize("case", LOOP)
def test_revisions_in_the_real_loop_stay_clean_and_no_pass_rests_on_echo(engine: Engine, case: str) -> None:
    task = next(t for t in TASKS if t["id"] == case)
    result = audit(engine, task["task"], task["rubric"], genre=task["genre"], carry=tuple(task["facts"]), cap=3)
    for i, faults in enumerate(result.faults):
        for prop in ("echo", "stuffing", "invented", "grammar"):
            assert faults[prop] == [], (i, prop, result.drafts[i])
    assert result.shape == [] and result.resting == [], result.drafts[-1]
    # A revision never throws away the genre's structure or the task's facts.
    final = result.drafts[-1].lower()
    assert [f for f in task["facts"] if f.lower() not in final] == [], result.drafts[-1]
