"""Notes on a rubric in the words people write them: which line ("the second one", "3rd", "the last one", "the
first three", "the tone one", "anything about tone"), a new value ("make the word limit 200", "serves 6 not 4",
"it should say $5, not $4.99"), removals, "keep only", moves. And 60 notes written blind by someone who never read
the drafter (tests/core/drafter_notes_c.py, copied as written): a ratchet on how many come out as a person wrote
them (main before this change: 8 of 60)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rubric_core.assistant.draft_inputs import DraftInputError
from rubric_core.assistant.drafting import amend_rubric
from rubric_core.assistant.note_refs import Refusal, refer
from rubric_core.assistant.note_values import revalue
from tests.core.drafter_notes_c import NOTES

POEM = ["Rhymes", "4 to 8 lines", "Mentions falling leaves", "Uses simple words a 7-year-old knows"]


@pytest.mark.parametrize(
    ("what", "expected"),
    [
        ("the second one", [2]),
        ("2nd", [2]),
        ("#3", [3]),
        ("the last one", [4]),
        ("the first three", [1, 2, 3]),
        ("the last two", [3, 4]),
        ("1 and 2", [1, 2]),
        ("the second and third", [2, 3]),
        ("the rhyme one", [1]),
        ("the length line", [2]),
        ("the leaves one, it's too specific", [3]),
    ],
)
def test_a_reference_names_its_lines(what: str, expected: list[int]) -> None:
    assert refer(what, POEM) == expected


@pytest.mark.parametrize("what", ["the fifth one", "0", "-1", "the moon one", "99999999999999999999"])
def test_a_reference_to_no_line_says_so(what: str) -> None:
    got = refer(what, POEM)
    assert isinstance(got, Refusal) and re.search(r"no criterion|matches", got.message, re.I)


def test_anything_about_a_kind_takes_every_line_of_it() -> None:
    lines = ["Friendly tone", "Under 120 words", "Not overly formal", "Not salesy or pushy"]
    assert refer("tone", lines, every=True) == [1, 3, 4]


@pytest.mark.parametrize(
    ("note", "lines", "index", "text"),
    [
        ("make the word limit 200", ["Under 150 words", "Friendly tone"], 0, "Under 200 words"),
        ("3 to 5 bullets instead of 7", ["Mentions X", "Exactly 7 bullet points"], 1, "3 to 5 bullet points"),
        ("it should say $5, not $4.99", ["Mentions the price of $4.99"], 0, "Mentions the price of $5"),
        (
            "discount is 25% now not 20",
            ["Under 50 characters", "Mentions the 20% discount"],
            1,
            "Mentions the 25% discount",
        ),
        (
            "deadline moved to june 14",
            ["States the deadline (May 30)", "Under 250 words"],
            0,
            "States the deadline (June 14)",
        ),
        (
            "its the 2024 data we want",
            ["Filters to orders placed in 2023", "Limits to 10 rows"],
            0,
            "Filters to orders placed in 2024",
        ),
        ("serves 6 not 4", ["Quantities are for 4 servings", "Under 1 hour"], 0, "Quantities are for 6 servings"),
    ],
)
def test_a_new_value_goes_into_the_one_line_that_holds_its_kind(note, lines, index, text) -> None:
    got = revalue(note, lines)
    assert got is not None and (got.index, got.text) == (index, text)


def test_a_new_value_two_lines_could_take_is_asked_about_not_guessed() -> None:
    with pytest.raises(DraftInputError, match="More than one criterion"):
        amend_rubric(
            "Write a tweet.", ["Under 100 words", "At most 40 words in the first paragraph"], "make the word limit 60"
        )
    got = revalue("the 2nd one should say under 100 words", ["Mentions the date", "Under 100 words"])
    assert got is not None and got.text == "Under 100 words"  # an ordinal is never read as the new value


@pytest.mark.parametrize(
    ("note", "after"),
    [
        ("drop the second one", ["Rhymes", "Mentions falling leaves", "Uses simple words a 7-year-old knows"]),
        ("delete 3rd", ["Rhymes", "4 to 8 lines", "Uses simple words a 7-year-old knows"]),
        ("the last one's not needed", ["Rhymes", "4 to 8 lines", "Mentions falling leaves"]),
        ("keep only the first two", ["Rhymes", "4 to 8 lines"]),
        (
            "put the last one first",
            ["Uses simple words a 7-year-old knows", "Rhymes", "4 to 8 lines", "Mentions falling leaves"],
        ),
        (
            "move the rhyme one to the end",
            ["4 to 8 lines", "Mentions falling leaves", "Uses simple words a 7-year-old knows", "Rhymes"],
        ),
        (
            "swap the first two",
            ["4 to 8 lines", "Rhymes", "Mentions falling leaves", "Uses simple words a 7-year-old knows"],
        ),
    ],
)
def test_removals_and_moves_keep_every_other_line_word_for_word(note: str, after: list[str]) -> None:
    assert [c.text for c in amend_rubric("Write a poem about autumn.", POEM, note).criteria] == after


def _norm(x: str) -> str:
    return re.sub(r"\s+", " ", x.strip().lower().rstrip("."))


def _outcome(case: dict) -> bool:
    try:
        got = [c.text for c in amend_rubric(case["task"], list(case["rubric"]), case["note"]).criteria]
    except DraftInputError:
        return bool(case.get("should_ask"))
    if case.get("should_ask"):
        return False
    return [_norm(x) for x in got] == [_norm(x) for x in case["expected"]]


def test_the_blind_notes_ratchet() -> None:
    by_kind: dict[str, list[bool]] = {}
    for case in NOTES:
        by_kind.setdefault(case["kind"], []).append(_outcome(case))
    right = {k: sum(v) for k, v in by_kind.items()}
    # Measured when this test was written (bench/RESULTS.md, the drafter's section): 30 of 60 as a person wrote them.
    assert sum(right.values()) >= 30, right
    assert right["remove"] == 8 and right["reorder"] == 5 and right["replace_value"] == 9, right
    # A note it cannot read is asked about, never guessed: every should_ask case changes nothing.
    asked = [c for c in NOTES if c.get("should_ask")]
    assert all(_outcome(c) for c in asked), [c["id"] for c in asked if not _outcome(c)]


@given(st.text(max_size=80), st.lists(st.text(min_size=1, max_size=40).filter(str.strip), min_size=1, max_size=6))
def test_any_note_on_any_rubric_amends_it_or_says_why(note: str, lines: list[str]) -> None:
    try:
        draft = amend_rubric("Write a short product description for a lamp.", lines, note)
    except DraftInputError as exc:
        assert str(exc).strip()
    else:
        assert draft.criteria


ROAMLY = "Write a launch email for a budget travel app called Roamly. Mention the price of $4.99/month."
EMAIL = ["Mentions $4.99/month", "Starts with a greeting", "Mentions Roamly", "Ends with a sign-off", "Under 150 words"]


def test_a_compound_note_is_applied_part_by_part_in_order() -> None:
    """Issue 40 item 13: "remove 4 and end with a question" removed line 5 and added no question line."""
    got = amend_rubric(ROAMLY, EMAIL, "remove 5 and end with a question")
    assert [c.text for c in got.criteria] == [*EMAIL[:4], "The last sentence before the sign-off is a question"]
    assert got.message.startswith('Removed 5 ("Under 150 words").')
    got = amend_rubric(ROAMLY, EMAIL, "remove 4 and end with a question")
    assert [c.text for c in got.criteria] == [*EMAIL[:3], EMAIL[4], "Ends with a question"]
    # Numbers of a later part are those of the rubric the part before left; "2 and 3" stays one removal.
    got = amend_rubric(ROAMLY, EMAIL, "remove 2 and 3")
    assert [c.text for c in got.criteria] == [EMAIL[0], *EMAIL[3:]]


def test_a_compound_note_with_a_part_the_rules_cannot_apply_is_refused_naming_that_part() -> None:
    with pytest.raises(DraftInputError, match=r'Part 2 of the note \("make it sparkle"\) cannot be applied'):
        amend_rubric(ROAMLY, EMAIL, "remove 4 and make it sparkle")
