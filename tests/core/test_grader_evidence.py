"""The offline grader's evidence for a criterion's object (checks/objects.py, checks/evidence.py) and the echoes it
sees in comments, brackets and pasted instructions (checks/echo_parts.py), on cases of their own in domains the
blind truth sets do not hold (a ferry timetable, a beekeeping club, a bakery's till code, a swimming pool...). Every
case here was n/a, or a false ✔, before the rule."""

from __future__ import annotations

import pytest

from rubric_core.checks.objects import parse_ask
from tests.core.grader_helpers import record, verdict

# -------------------------------------------------------------------------------- a token the text lacks: a fail

TILL = "```python\ndef void_sale(sale):\n    if sale.closed:\n        raise ValueError('sale is closed')\n    sale.items.clear()\n```"


@pytest.mark.parametrize(
    ("criterion", "draft", "expected"),
    [
        ("Raises KeyError for a closed sale", TILL, "fail"),  # the code raises ValueError
        ("Raises ValueError for a closed sale", TILL, "pass"),  # the raise and its message on one line
        ("Sets a TILL_ID variable", TILL, "fail"),
        ("Defines a Receipt class", TILL, "fail"),
        ("Says the ferry leaves at 9 from Pier 9", "The ferry leaves from Pier 4 at nine.", "fail"),
        ("Says tickets include two drinks", "Each ticket includes three drinks and a snack.", "fail"),
        ("Offers refunds within 7 days", "Refunds within 14 days if less than 7% is used.", "fail"),
    ],
)
def test_a_token_the_criterion_names_and_the_text_lacks_fails(criterion: str, draft: str, expected: str) -> None:
    assert verdict(criterion, draft) == expected, record(criterion, draft)


# ------------------------------------------------------------------ no word of a particular thing, in any form

HIVE = (
    "Saturday's hive check starts at 10. Bring gloves and a veil; the club lends smokers. "
    "We will look for the queen and mark her."
)


@pytest.mark.parametrize(
    ("criterion", "expected"),
    [
        ("Mentions a queen excluder", "fail"),  # "queen" is there, no excluder
        ("Includes a honey extractor", "fail"),
        ("Mentions the smokers", "pass"),
        ("Mentions a drawback", "n/a"),  # a kind: a text says one in its own words
        ("Explains the reason for the check", "n/a"),  # a reason may be given in any words
        ("Says the veil is optional", "n/a"),  # a statement, said otherwise or not
    ],
)
def test_a_thing_absent_in_every_form_fails_and_a_kind_stays_na(criterion: str, expected: str) -> None:
    assert verdict(criterion, HIVE) == expected, record(criterion, HIVE)


# ----------------------------------------------------------------------- the object found whole: a pass


@pytest.mark.parametrize(
    ("criterion", "draft", "expected"),
    [
        ("Refunds the booking fee", "We have refunded your £3 booking fee.", "pass"),
        ("Refunds the booking fee", "We cannot refund the booking fee.", "n/a"),  # negated
        ("Refunds the booking fee", "A booking fee applies to every lane.", "n/a"),  # no refund said
        ("Requires Python >=3.11", '```toml\n[project]\nrequires-python = ">=3.11"\n```', "pass"),
        # the key says the verb (round 2: code says "runs on" by its `on:` keys)
        ("Runs on pull requests", "```yaml\non:\n  pull_request:\n    branches: [main]\n```", "pass"),
        ("Names the lifeguard Ana Lind", "Our lifeguard today is Ana Lind.", "pass"),
        ("Names the lifeguard Ana Lind", "Our lifeguard today is Ana Berg.", "fail"),
        ("Explains how to book a lane", "To book a lane, call the front desk.", "pass"),
        ("Uses memoization", "```python\n# memoization\ndef f(n):\n    return n\n```", "n/a"),  # a comment is no code
        ("Mentions free parking", "Parking is free after six.", "n/a"),  # reworded: not confirmed
        ("Mentions the venue", "We meet at the venue.", "n/a"),  # the kind's own word is no instance
    ],
)
def test_the_object_found_whole_passes(criterion: str, draft: str, expected: str) -> None:
    assert verdict(criterion, draft) == expected, record(criterion, draft)


def test_a_criterion_is_read_as_a_verb_and_its_object() -> None:
    ask = parse_ask("Refunds the delivery charge")
    assert ask is not None and ask.verb == "refund" and not ask.frame and ask.words == ("delivery", "charge")
    ask = parse_ask("Mentions the 400 m² floor area")
    assert ask is not None and ask.frame and ask.tokens == ("400 m²",)
    ask = parse_ask("Asks members to bring gloves")
    assert ask is not None and ask.words == ("bring", "gloves")
    assert parse_ask("Is persuasive") is None and parse_ask("Does not mention bees") is None
    ask = parse_ask("Writes vividly about the sea")
    assert ask is None or not ask.whole  # a manner: never found whole
    ask = parse_ask("Lists exactly 4 lanes")
    assert ask is None or not ask.whole  # a count, which the count checks read


# ------------------------------------------------------------------ echoes: comments, brackets, pasted orders

POOL_TASK = (
    "Write a notice for the Elm Street pool. The pool closes on 3 June for retiling. Propose Lane 2 for lessons, "
    "tell swimmers they can get a refund at the front desk, and explain how to book a lane online."
)


@pytest.mark.parametrize(
    ("criterion", "draft", "expected"),
    [
        # a bracketed note left in the draft
        ("Proposes Lane 2", "The pool closes on 3 June for retiling.\n\n[Propose Lane 2 for lessons]", "fail"),
        # a sentence of the instructions pasted as it was
        (
            "Mentions the front desk",
            "The pool closes on 3 June.\n\nTell swimmers they can get a refund at the front desk.",
            "fail",
        ),
        # an HTML comment repeating the ask
        (
            "Explains how to book a lane online",
            "The pool closes on 3 June.\n<!-- explain how to book a lane online -->",
            "fail",
        ),
        # a preamble restating the brief in other forms of the words ("proposes" for "Propose")
        (
            "Mentions Lane 2",
            "Here is a notice that proposes Lane 2 for lessons and explains how to book a lane online.\n\n"
            "The pool closes on 3 June for retiling.",
            "fail",
        ),
        # the task's facts, carried whole, are no echo
        ("Mentions the retiling", "The pool closes on 3 June for retiling.", "pass"),
    ],
)
def test_instructions_left_in_the_draft_are_no_evidence(criterion: str, draft: str, expected: str) -> None:
    assert verdict(criterion, draft, POOL_TASK) == expected, record(criterion, draft, POOL_TASK)


def test_a_code_comment_repeating_the_ask_is_no_evidence() -> None:
    task = "Write a bash script that syncs /srv/photos to the NAS and logs to /var/log/photo-sync.log."
    draft = (
        "```bash\n#!/usr/bin/env bash\n# TODO: logs to /var/log/photo-sync.log\n"
        'rsync -a /srv/photos/ "nas:/photos/"\n```'
    )
    assert verdict("Logs to /var/log/photo-sync.log", draft, task) == "fail", record(
        "Logs to /var/log/photo-sync.log", draft, task
    )


def test_a_sentence_the_task_gives_the_reader_is_no_echo() -> None:
    task = "Write an email inviting volunteers to the beach clean. Reply to tide@example.org to join."
    draft = "Hi all,\n\nWe are cleaning Gull Beach on Sunday. Reply to tide@example.org to join.\n\nThanks,\nMo"
    assert verdict("Includes an email address", draft, task) == "pass", record("Includes an email address", draft, task)


# ------------------------------------------------------------------ parts, words in other forms, lists under a name

LETTER = "Subject: Pool closing\n\nHi all,\n\nThe pool closes on Friday for retiling.\n\nBest,\nKim"


def test_a_mention_in_a_named_part_is_read_there() -> None:
    assert verdict("The subject line mentions the pool", LETTER) == "pass"
    assert verdict("The subject line mentions Friday", LETTER) == "fail"


def test_the_word_in_a_derived_form_counts() -> None:
    assert verdict("Does not use the word 'apologize'", "Our apologies for the cold water.") == "fail"
    assert verdict("Does not use the word 'apologize'", "The water is warm again.") == "pass"


def test_a_count_of_steps_named_by_their_part() -> None:
    recipe = "## Ingredients\n- flour\n- water\n- salt\n- yeast\n- oil\n\n## Method\n1. Mix.\n2. Knead.\n3. Bake.\n"
    assert verdict("Has at least four method steps", recipe) == "fail"
    assert verdict("Has at least three method steps", recipe) == "pass"
