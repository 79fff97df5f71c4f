"""A criterion written as a bare noun phrase ("Numbered list", "Greeting", "Bullet points") asks that the text has
one: the offline grader reads it as "Has a numbered list", never as words the text must contain (a correct numbered
list was a confident ✘: 'Nothing in the text names list')."""

from __future__ import annotations

import pytest

from rubric_core.checks.phrasing import Draft
from rubric_core.models.offline import grade_criterion
from rubric_core.rubric import Criterion

NUMBERED = "1. Close email during deep work.\n2. Keep regular hours.\n3. Step outside before you start."
BULLETS = "- Close email during deep work.\n- Keep regular hours.\n- Step outside before you start."
PROSE = "Close email during deep work. Keep regular hours. Step outside before you start."
EMAIL = "Hi Sam,\n\nThe report is attached.\n\nBest,\nAna"


@pytest.mark.parametrize(
    ("criterion", "text", "verdict"),
    [
        ("Numbered list", NUMBERED, "pass"),
        ("Numbered list", PROSE, "fail"),
        ("A numbered list", NUMBERED, "pass"),
        ("Bullet points", BULLETS, "pass"),
        ("Bullet points", PROSE, "fail"),
        ("Greeting", EMAIL, "pass"),
        ("Sign-off", EMAIL, "pass"),
    ],
)
def test_a_bare_noun_phrase_asks_for_the_thing(criterion: str, text: str, verdict: str) -> None:
    assert grade_criterion(Criterion(criterion, 1), Draft(text=text))["verdict"] == verdict
