"""Round 2 of the offline grader: layout facts (checks/layout_facts.py), a criterion's object parsed more closely
(checks/objects.py) and code facts (checks/evidence.py), on cases of their own in domains the blind truth sets do
not hold (a ferry company, a bakery, a kite club...). Each case was n/a or a wrong ✘ before the rule, or is the
false ✔ the rule must not give."""

from __future__ import annotations

import pytest

from rubric_core.checks.objects import parse_ask
from tests.core.grader_helpers import record, verdict

SCRIPT = "```bash\n#!/usr/bin/env bash\nset -euo pipefail\nrsync -a /srv/kites /mnt/backup\n```"
NO_BANG = "```bash\nset -euo pipefail\nrsync -a /srv/kites /mnt/backup\n```"
PRESS = "FOR IMMEDIATE RELEASE\n\nFerry Co adds a night sailing\n\nOSLO, 4 March 2026 — Ferry Co today added a sailing."
NO_DATELINE = "Ferry Co adds a night sailing\n\nFerry Co today added a sailing at 23:00 from Pier 4."
POEM = "Kites rise at noon\nIn a wind from the sea\nTails like ribbons\nEvening brings them home"


@pytest.mark.parametrize(
    ("criterion", "draft", "expected"),
    [
        ("Has a shebang line", SCRIPT, "pass"),
        ("Includes a shebang line", NO_BANG, "fail"),
        ("Includes a dateline", PRESS, "pass"),
        ("Includes a dateline", NO_DATELINE, "n/a"),  # a dateline may be set otherwise: nothing decided
        ("The title is in Title Case", "# Night Sailings From Pier 4 for the Summer\n\nBody.", "pass"),
        ("The title is in Title Case", "# Night sailings from Pier 4\n\nBody.", "fail"),
        ("Each line begins with a capital letter", POEM, "pass"),
        ("Each line begins with a capital letter", POEM.replace("In a", "in a"), "fail"),
        ("The first letters of the lines spell KITE", POEM, "pass"),
        ("The first letters of the lines spell KITE", "Kites\nAre\nTails\nEvening", "fail"),
        ("The first letters of the lines spell KITE", "Xylophone\nKites\nIn\nTails\nEvening\nZebra", "n/a"),
    ],
)
def test_layout_facts(criterion: str, draft: str, expected: str) -> None:
    assert verdict(criterion, draft) == expected, record(criterion, draft)


BAKERY_CI = (
    "```yaml\nname: ci\non:\n  pull_request:\n  push:\n    branches: [main]\njobs:\n  test:\n    runs-on: ubuntu-latest\n"
    "    steps:\n      - run: pip install -r requirements.txt\n```"
)
NOT_ON_PRS = BAKERY_CI.replace("  pull_request:\n", "").replace(
    "runs-on: ubuntu-latest", "runs-on: ubuntu-latest\n    if: github.event_name != 'pull_request'"
)


@pytest.mark.parametrize(
    ("criterion", "draft", "expected"),
    [
        ("Runs on pull requests", BAKERY_CI, "pass"),  # the verb is said by the key
        ("Runs on pull requests", NOT_ON_PRS, "n/a"),  # named only in a condition that excludes it: never a ✔
    ],
)
def test_code_says_its_verb_by_its_keys(criterion: str, draft: str, expected: str) -> None:
    assert verdict(criterion, draft) == expected, record(criterion, draft)


CRON = (
    "```\n# rotate the kite club's logs\n15 3 * * * /opt/kites/rotate.sh >> /var/log/kites.log 2>&1\n\n"
    "# tidy uploads\n0 4 * * 0 /opt/kites/tidy.sh\n```"
)


def test_files_a_criterion_relates_on_no_one_line_of_code_fail() -> None:
    assert verdict("Sends tidy.sh output to /var/log/kites.log", CRON) == "fail", record(
        "Sends tidy.sh output to /var/log/kites.log", CRON
    )
    assert verdict("Sends rotate.sh output to /var/log/kites.log", CRON) != "fail"


@pytest.mark.parametrize(
    ("criterion", "tokens"),
    [
        ("Offers a 25% discount", ("25%",)),  # a percent is a thing to find, not a count of items
        ("Mentions Crumb & Co", ("Crumb & Co",)),  # one name
        ("Offers refunds within 30 days", ("30 days",)),  # a period the text states, not a bound on it
        ("Runs report.sh on Saturdays", ("report.sh", "Saturdays")),  # a day, not a medium ("on Twitter")
        ("Wraps body lines at 72 characters", ()),  # a measure of the text, which the count checks read
    ],
)
def test_object_tokens(criterion: str, tokens: tuple[str, ...]) -> None:
    ask = parse_ask(criterion)
    assert ask is not None and ask.tokens == tokens, ask


# ------------------------------------------------ the task's orders pasted into the draft: no evidence, never a ✔

KITE_TASK = (
    "Write the May newsletter for the Harbour Kite Club. Announce the new storage shed, warn members that "
    "parking rises to £6/day on 3 June, mention our 2-for-1 lesson offer, and who the new safety officer is "
    "(elected at the spring meeting)."
)


@pytest.mark.parametrize(
    ("criterion", "draft", "span"),
    [
        # an order after a comma in a series of orders ("Announce ..., warn ...") is an order too
        (
            "Warns members that parking rises to £6/day on 3 June",
            "Hi flyers,\n\n**Parking:** Warn members that parking rises to £6/day on 3 June.\n\nSee you on the sand.",
            "Warn members that parking rises to £6/day on 3 June",
        ),
        # a short run the task's order opens ("mention our 2-for-1 lesson offer")
        (
            "Mentions the 2-for-1 lesson offer",
            "May newsletter for the Harbour Kite Club, mention our 2-for-1 lesson offer.\n\nThe shed is open.",
            "mention our 2-for-1 lesson offer",
        ),
        # a question the task asks the writer, pasted whole as a sentence
        (
            "Names the new safety officer",
            "The new shed is open.\n\nWho the new safety officer is (elected at the spring meeting).",
            "Who the new safety officer is (elected at the spring meeting).",
        ),
    ],
)
def test_pasted_orders_are_no_evidence(criterion: str, draft: str, span: str) -> None:
    from rubric_core.checks.echo import echoes

    spans = echoes(draft, KITE_TASK)
    assert any(span in e.text for e in spans), spans
    assert verdict(criterion, draft, KITE_TASK) != "pass", record(criterion, draft, KITE_TASK)


def test_a_heading_after_an_echo_is_not_part_of_it() -> None:
    from rubric_core.checks.echo import echoes

    draft = "May newsletter for the Harbour Kite Club, mention our 2-for-1 lesson offer.\nHarbour Kite Club news\n"
    spans = [e.text for e in echoes(draft, KITE_TASK)]
    assert spans and not any("news" in s and "Harbour Kite Club news" in s for s in spans), spans


@pytest.mark.parametrize(
    ("criterion", "draft", "expected"),
    [
        ("Does not use the word 'carry'", "Members carried the kites to the shed.", "fail"),  # a form of the word
        ("Does not use the word 'carry'", "Members took the kites to the shed.", "pass"),
        ("Contains no placeholders", "Dear members,\n\n[Add the story of the first flight here]\n\nFly safe.", "fail"),
        ("Contains no placeholders", "Dear [NAME],\n\nThe shed is open.", "fail"),
        # none seen proves nothing: a placeholder may be written without brackets
        (
            "Contains no placeholders",
            "Dear members,\n\n[Chorus]\nThe shed is open, see [the map](https://k.example).",
            "n/a",
        ),
        ("Contains no placeholders", "```python\nkites = [1, 2, 3]\n```", "n/a"),
    ],
)
def test_word_forms_and_placeholders(criterion: str, draft: str, expected: str) -> None:
    assert verdict(criterion, draft) == expected, record(criterion, draft)


KITE_CI_TASK = "Create a workflow that runs on pull requests to main. Also run it on pushes to main."
KITE_CI = (
    "```yaml\n# Also run it on pushes to main.\non:\n  pull_request:\n    branches: [main]\njobs:\n  test:\n"
    "    runs-on: ubuntu-latest\n    steps:\n      - run: pytest -q\n```"
)
KITE_PYPROJECT = '```toml\n[project]\nname = "kiteclub"\ndependencies = [\n  "requests>=2.0",\n]\n```'


@pytest.mark.parametrize(
    ("criterion", "draft", "task", "expected"),
    [
        # what the workflow runs on, named only in a comment that repeats the task: not met
        ("Runs on pushes to main", KITE_CI, KITE_CI_TASK, "fail"),
        # "Tests | on a matrix of ...": the thing named is after the particle, and no matrix is there
        ("Tests on a matrix of Python versions", KITE_CI, "", "fail"),
        ("Depends on requests>=2.0", KITE_PYPROJECT, "", "pass"),  # "2.0" holds a 0 that negates nothing
    ],
)
def test_code_facts(criterion: str, draft: str, task: str, expected: str) -> None:
    assert verdict(criterion, draft, task) == expected, record(criterion, draft, task)


SHANTY = "[Verse 1]\nHaul the kite in\nHold the line\n\n[Chorus]\nWind, wind\n\n[Verse 2]\nTie it down\nHome in time"


@pytest.mark.parametrize(
    ("criterion", "draft", "expected"),
    [
        ("Has two verses", SHANTY, "pass"),  # counted by their labels
        ("Has 2 verses", SHANTY, "pass"),
        ("Has 5 verses", SHANTY, "n/a"),  # "verses" named is no count of them: never a ✔
        ("Has three verses", SHANTY, "n/a"),
        ("The poem has exactly three lines", "Kites at noon\nwind off the bay\ntails like ribbons", "pass"),
        ("The poem has exactly three lines", "Kites at noon\nwind off the bay", "fail"),
    ],
)
def test_labelled_parts_and_a_subject_naming_the_whole_text(criterion: str, draft: str, expected: str) -> None:
    assert verdict(criterion, draft) == expected, record(criterion, draft)
