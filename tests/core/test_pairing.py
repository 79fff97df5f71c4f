"""Pairing the criteria of two rubrics."""

from __future__ import annotations

from rubric_core.pairing import pair_criteria


def test_exact_names_pair_first_then_renamed_by_similarity_and_the_rest_alone() -> None:
    a = ["Exactly three lines", "At most 40 words", "Mentions rain"]
    b = ["At most 80 words", "Exactly three lines", "Is written in French"]
    assert pair_criteria(a, b) == [
        ("Exactly three lines", "Exactly three lines"),
        ("At most 40 words", "At most 80 words"),
        ("Mentions rain", None),
        (None, "Is written in French"),
    ]


def test_position_breaks_ties_between_equally_similar_names() -> None:
    a = ["At most 10 words", "At most 20 words"]
    b = ["At most 11 words", "At most 21 words"]
    assert pair_criteria(a, b) == [("At most 10 words", "At most 11 words"), ("At most 20 words", "At most 21 words")]


def test_empty_sides() -> None:
    assert pair_criteria([], ["x"]) == [(None, "x")]
    assert pair_criteria(["x"], []) == [("x", None)]
