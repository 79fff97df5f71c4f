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
        ("Is about the old lighthouse", "The old lighthouse keeper climbed the stairs."),
    ],
)
def test_a_text_about_the_topic_passes(criterion: str, text: str) -> None:
    assert judge(criterion, text)


def test_a_text_about_something_else_still_fails() -> None:
    assert not judge("Is about a cat", "The stock market fell sharply today.")


@pytest.mark.parametrize(
    ("criterion", "text"),
    [
        # a plural or singular on either side
        ("Is about cats", "The cat sleeps all day."),  # a plural topic, a singular text
        ("Is about foxes", "A fox crossed the field."),
        ("Is about berries", "She picked a berry at dawn."),
        ("Is about a berry", "She picked two berries at dawn."),
        ("Is about wolves", "A lone wolf howled."),
        # related words of other topics
        ("Is about a dog", "The puppy chased its tail."),
        ("Is about the sea", "Waves roll over the sand."),
        ("Is about spring", "Cherry blossoms drift across the pond."),
        ("Is about the ocean", "Gulls cry over the bay."),
    ],
)
def test_a_plural_singular_or_related_word_of_the_topic_passes(criterion: str, text: str) -> None:
    assert judge(criterion, text)


@pytest.mark.parametrize(
    "text",
    [
        "My kitten purrs on the sofa.",
        "A tabby meows at the door.",
        "Our feline friend naps.",
        "The kittens were purring.",
    ],
)
def test_a_cat_text_without_the_word_cat_passes(text: str) -> None:
    assert judge("Is about a cat", text)


@pytest.mark.parametrize(
    ("criterion", "text"),
    [
        ("Is about cats", "The stock market fell sharply today."),
        ("Is about a cat", "The puppy chased its tail."),
        ("Is about spring", "The stock market fell sharply today."),
        ("Is about one cat", "Only one of them came."),  # a number word alone is not the topic
    ],
)
def test_an_unrelated_text_fails_with_a_gap_that_names_no_word_of_the_text(criterion: str, text: str) -> None:
    from rubric_core.checks.phrasing import Draft
    from rubric_core.checks.text import words_of

    spec = interpret(Criterion(text=criterion, line=1))
    assert spec is not None
    result = evaluate(spec, Draft(text=text))
    assert not result.passed
    assert result.gap.startswith("Nothing in the text is about")
    examples = result.gap.split("no word such as ", 1)[1].rstrip(").").split(", ")
    assert not {w.lower() for w in words_of(text)} & set(examples)


def test_the_gap_names_the_topic_first() -> None:
    spec = interpret(Criterion(text="Is about cats", line=1))
    assert spec is not None
    from rubric_core.checks.phrasing import Draft

    gap = evaluate(spec, Draft(text="The stock market fell.")).gap
    assert "no word such as cats, cat, " in gap and "kitten" in gap


@pytest.mark.parametrize(
    "criterion",
    [
        "Is a funny poem about cats",  # funny: not checked
        "Writes vividly about the sea",
    ],
)
def test_more_than_a_topic_is_not_judged(criterion: str) -> None:
    assert interpret(Criterion(text=criterion, line=1)) is None


@pytest.mark.parametrize(
    ("criterion", "text"),
    [
        # A topic of several words is never named as a phrase: the text may be about another lighthouse.
        ("Is about the old lighthouse", "The lighthouse keeper climbed the stairs."),
        # "climate" and "change" apart are not climate change ("we will change" is a verb besides).
        ("Is about climate change", "The climate here is mild. We will change our plans. Change is hard."),
        # Named in one sentence of three: a passing mention, not the subject.
        ("Is about cats", "The city wakes early. A cat watches from a sill. By nine the streets are loud."),
    ],
)
def test_a_topic_named_in_passing_or_only_in_part_is_not_judged(criterion: str, text: str) -> None:
    """These had passed: any word of the topic in a third of the sentences was enough (00c26db)."""
    from rubric_core.checks.phrasing import Draft

    spec = interpret(Criterion(text=criterion, line=1))
    assert spec is not None
    result = evaluate(spec, Draft(text=text))
    assert result.verdict == "n/a", result


def test_a_topic_word_used_as_a_verb_names_no_topic() -> None:
    """'I love pizza' is about pizza: 'love' led by a pronoun is a verb (it passed before, 1 sentence in 3)."""
    from rubric_core.checks.phrasing import Draft

    spec = interpret(Criterion(text="Is about love", line=1))
    assert spec is not None
    result = evaluate(spec, Draft(text="I love pizza. Pizza is my favourite food. I eat a slice every Friday."))
    assert result.verdict == "fail" and result.gap.startswith("Nothing in the text is about")
