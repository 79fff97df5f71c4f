"""The offline topic check on texts that are plainly about the topic."""

from __future__ import annotations

import pytest

from rubric_core.checks.phrasing import evaluate, interpret
from rubric_core.rubric import Criterion


def judge(criterion: str, text: str) -> bool:
    spec = interpret(Criterion(text=criterion, line=1))
    assert spec is not None and spec.check == "topic"
    from rubric_core.checks.phrasing import Draft

    return evaluate(spec, Draft(text=text, files={})).passed


@pytest.mark.parametrize(
    ("criterion", "text"),
    [
        ("Is about a cat", "My cat sleeps all day in the sun."),
        ("Is about the ocean", "Waves roll over the sand."),
        ("Is about an apple", "She ate two apples."),
        ("Is about the old lighthouse", "The lighthouse keeper climbed the stairs."),
    ],
)
def test_a_text_about_the_topic_passes(criterion: str, text: str) -> None:
    assert judge(criterion, text)


def test_a_text_about_something_else_still_fails() -> None:
    assert not judge("Is about a cat", "The stock market fell sharply today.")
