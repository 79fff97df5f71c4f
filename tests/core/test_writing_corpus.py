"""A generated corpus holds the writer to issue 38 (item 3): 612 tasks composed from genre x subject x facts x
constraints x negations (tests/core/task_corpus.py; 36 of each of its 17 generators), with the suite's fixed seed. Each first draft, and a
revision of each after typical feedback, is checked by one detector per property (echo, stuffing, invented
facts, grammar), for the genre's shape, for the task's facts and for its negations; a few run the real loop."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rubric_core.config import RunConfig
from rubric_core.engine import Engine
from rubric_core.models._route import route
from rubric_core.models._writing import write
from tests.core.draft_faults import echo_faults, grammar_faults, invented_facts, stuffing_faults
from tests.core.genre_shapes import shape_faults
from tests.core.helpers import of_type
from tests.core.task_corpus import GENERATORS, GenTask
from tests.core.test_offline_writing import feedback

FEEDBACK = feedback(
    [
        ("Includes a call to action", "No call to action."),
        ("Mentions sustainability", 'Does not mention "sustainability"; include it.'),
        ("Is engaging", "An offline grader cannot judge this criterion: a matter of taste."),
    ],
    ["Has at least 1 line"],
)
"""A revision message with a kind of content to write, a word only the rubric gives, and an n/a criterion."""


def _faults(text: str, gen: GenTask, rubric: str, first: str = "") -> list[str]:
    out = []
    out += echo_faults(text, gen.task, gen.facts)
    out += stuffing_faults(text, gen.task, rubric, first)
    out += grammar_faults(text)
    if gen.genre != "recipe":  # a recipe's quantities come from the recipe bank (docs/WRITER.md)
        out += invented_facts(text, gen.task, rubric)
    low = text.lower()
    out += [f"forbidden {w!r}" for w in gen.forbidden if w.lower() in low]
    return out


def _one(make: Callable[[], st.SearchStrategy[GenTask]]) -> GenTask:
    """One task of a generator, the same on every run (the first the fixed seed draws)."""
    found: list[GenTask] = []

    @settings(max_examples=1, database=None)
    @given(make())
    def draw(gen: GenTask) -> None:
        found.append(gen)

    draw()
    return found[0]


def _shown(task: str, feedback_messages: list[str], earlier: list[str]) -> str:
    draft = write([task], feedback_messages, earlier)
    return draft.text + (f"\n\n```python\n{draft.file_content}\n```" if draft.file_content else "")


GENERATOR_IDS = [make.__name__ for make in GENERATORS]


@pytest.mark.parametrize("make", GENERATORS, ids=GENERATOR_IDS)
@settings(max_examples=36)
@given(data=st.data())
def test_generated_first_drafts_are_the_genre_with_the_facts_and_nothing_false(
    make: Callable[[], st.SearchStrategy[GenTask]], data: st.DataObject
) -> None:
    gen = data.draw(make())
    assert route(gen.task).genre == gen.genre, gen.task
    text = _shown(gen.task, [], [])
    assert shape_faults(text, gen.genre) == [], (gen.task, text)
    assert _faults(text, gen, gen.rubric) == [], (gen.task, text)
    missing = [f for f in gen.facts if f.lower() not in text.lower()]
    assert missing == [], (missing, gen.task, text)


@pytest.mark.parametrize("make", GENERATORS, ids=GENERATOR_IDS)
@settings(max_examples=12)
@given(data=st.data())
def test_generated_revisions_change_a_part_and_add_no_false_or_stuffed_text(
    make: Callable[[], st.SearchStrategy[GenTask]], data: st.DataObject
) -> None:
    gen = data.draw(make())
    first = _shown(gen.task, [], [])
    after = _shown(gen.task, [FEEDBACK], [first])
    assert after != first, gen.task
    rubric = "- Includes a call to action\n- Mentions sustainability\n- Is engaging\n- Has at least 1 line"
    assert _faults(after, gen, rubric, first) == [], (gen.task, after)
    assert "sustainability" not in after.lower(), after  # a word only the rubric gives is never held
    assert shape_faults(after, gen.genre) == [], (gen.task, after)
    missing = [f for f in gen.facts if f.lower() not in after.lower()]
    assert missing == [], (missing, gen.task, after)  # a revision keeps the task's facts


@pytest.mark.parametrize("make", GENERATORS[::2], ids=GENERATOR_IDS[::2])
def test_generated_tasks_through_the_real_loop(engine: Engine, make: Callable[[], st.SearchStrategy[GenTask]]) -> None:
    gen = _one(make)
    config = RunConfig.from_dict(
        {"task": gen.task, "rubric": gen.rubric or "- Has at least 1 line", "max_iterations": 2}
    )
    handle = engine.execute(config)
    drafts = [e.data["text"] for e in of_type(handle, "draft")]
    assert drafts and of_type(handle, "finished")
    for text in drafts:
        assert _faults(text, gen, gen.rubric, drafts[0]) == [], (gen.task, text)
