"""The offline grader's rules of issue 38, each on cases of its own in domains the blind truth sets do not hold
(a museum label, a gym timetable, a library notice, a podcast's show notes, a garden club letter, a train
announcement, a lab report, a band's tour post, a volunteer roster...). Every case here was ✘ or n/a, or a false ✔,
before the rule."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rubric_core.numbers import number_value
from tests.core.grader_helpers import record, verdict

ROOT = Path(__file__).resolve().parents[2]

# ------------------------------------------------------------------------------------ same meaning, other spelling

SAME_MEANING = [
    ("Mentions O'Brien Hall", "The talk is in O’Brien Hall."),
    ("Mentions O’Brien Hall", "The talk is in O'Brien Hall."),
    ('Mentions "don\'t touch"', "Please don’t touch the glass."),
    ("Mentions 10-4", "The studio is staffed 10–4 on weekdays."),
    ("Mentions Wi-Fi", "Free wifi in every reading room."),
    ("Mentions WiFi", "Free Wi‑Fi in every reading room."),
    ("Mentions v3.2", "Version 3.2 of the trail app adds offline maps."),
    ("Mentions version 4.1", "Trailmate v4.1 is out."),
    ("Mentions 40 minutes", "Each spin class runs forty minutes."),
    ("Mentions 20%", "Members save twenty percent on tote bags."),
    ("Mentions 20%", "Members save 20 percent on tote bags."),
    ("Mentions twelve volunteers", "We still need 12 volunteers for Saturday."),
    ("Mentions refunds", "We refunded every ticket for the cancelled show."),
    ("Mentions the £2.50/week fee", "Late books cost £2.50 a week."),
    ("Mentions £12,500", "The grant is £12,500 this year."),
    ("Mentions the 14-day loan", "Every book is a fourteen-day loan."),
    ("Mentions Fox & Hound", "Meet at the Fox and Hound at seven."),
]


@pytest.mark.parametrize(("criterion", "draft"), SAME_MEANING)
def test_the_same_meaning_spelled_otherwise_passes(criterion: str, draft: str) -> None:
    assert verdict(criterion, draft) == "pass", record(criterion, draft)


def test_a_paraphrase_no_check_confirms_is_na_with_the_reason_not_a_fail() -> None:
    rec = record("Mentions the 7-day free loan", "Borrow any board game free for 7 days.")
    assert rec["verdict"] == "n/a"
    assert "loan" in rec["gap"]
    assert verdict("Mentions free parking", "Parking is free after six.") == "n/a"
    assert verdict("Mentions the exhibit hall", "The hall for each exhibit is upstairs.") == "fail"
    assert verdict("Mentions the word e-mail", "Send us an email.") == "fail"  # the word itself, as spelled
    assert verdict("Mentions machine learning", "The learning machine hums.") == "fail"


NEAR_MISSES = [
    ("Mentions Smith & Sons", "Smith is here. Sons of the founders run it now."),
    ("Mentions £12,500", "Tickets are £12 and 500 people came."),
    ("Mentions $49", "It costs $490."),
    ("Mentions 15%", "Up 115% on last year."),
    ("Mentions v3.2", "Rated 3.25 stars."),
]


@pytest.mark.parametrize(("criterion", "draft"), NEAR_MISSES)
def test_a_near_miss_is_never_a_pass(criterion: str, draft: str) -> None:
    assert verdict(criterion, draft) != "pass", record(criterion, draft)


# ----------------------------------------------------------------------------------------------------- framing

TOUR = (
    "Subject: The autumn tour is on\n\nHi everyone,\n\nWe play twelve cities this October, starting in Leeds.\n\n"
    "Tickets go on sale Friday at 10 am. Which city should we add next?\n\nCheers,\nThe Paper Kites Trio"
)


def test_framing_is_not_the_start_the_end_or_a_paragraph() -> None:
    assert verdict("Starts with a greeting", TOUR) == "pass"
    assert verdict("Ends with a question", TOUR) == "pass"
    assert verdict("Ends with a sign-off", TOUR) == "pass"
    assert verdict("Exactly two paragraphs", TOUR) == "pass"
    assert verdict("Exactly three sentences", TOUR) == "pass"
    assert verdict("Starts with a question", TOUR) == "fail"
    assert verdict("Mentions The Paper Kites Trio", TOUR) == "pass"  # a mention reads the framing too


def test_emphasis_does_not_hide_a_question_and_a_header_is_framing() -> None:
    notice = (
        "GARDEN CLUB NOTICE\n\nDear members,\n\nThe plant swap moves to the church hall.\n\n**Can you bring a tray?**"
    )
    assert verdict("Ends with a question", notice) == "pass"
    assert verdict("Starts with a greeting", notice) == "pass"
    assert verdict("Has exactly two paragraphs", notice) == "pass"


def test_ends_with_a_mark_looks_at_the_very_end() -> None:
    assert verdict("Ends with a semicolon", "Trains run late; buses replace them tonight.") == "fail"
    assert verdict("Ends with a colon", "Platform changes: see the board.") == "fail"
    assert verdict("Ends with a period", "Platform changes: see the board.") == "pass"
    assert verdict("Ends with an exclamation mark", "Mind the gap! Thank you.") == "fail"
    assert verdict("Mentions the trial period", "Try it today.") != "pass"  # a span of time, not the mark


# ------------------------------------------------------------------------------------------ echoed instructions

TASK = (
    "Write a volunteer call for the Riverside food bank. Mention the Saturday shift from 9 to 1 and the sign-up "
    "sheet, and end with a question."
)


def test_a_mention_found_only_in_copied_instructions_is_a_fail_with_that_reason() -> None:
    echoed = (
        "Write a volunteer call for the Riverside food bank. Mention the Saturday shift from 9 to 1 and the "
        "sign-up sheet, and end with a question.\n\nWe need you."
    )
    rec = record("Mentions the sign-up sheet", echoed, TASK)
    assert rec["verdict"] == "fail"
    assert "copied from the task" in rec["gap"]
    assert verdict("Ends with a question", echoed, TASK) == "fail"
    natural = (
        "The Riverside food bank needs hands this Saturday, 9 to 1. Add your name to the sign-up sheet by the "
        "door. Can you spare a morning?"
    )
    assert verdict("Mentions the sign-up sheet", natural, TASK) == "pass"
    assert verdict("Ends with a question", natural, TASK) == "pass"


def test_instructions_left_in_a_draft_and_a_quoted_phrase_it_must_carry() -> None:
    left = "Spring fair poster (mention the raffle and the bake stall)\n\nCome to the fair on 3 May!"
    assert verdict("Mentions the raffle", left, "Make a poster for the spring fair.") == "fail"
    task = 'Write a tagline post. Use the tagline "Grow it, share it, eat it together".'
    carried = 'Our new motto: "Grow it, share it, eat it together". See you at the allotment.'
    assert verdict("Mentions Grow it, share it, eat it together", carried, task) == "pass"


# ----------------------------------------------------------------------------------- what a check can decide

QUERY = (
    "```sql\n-- add a HAVING clause\nSELECT m.team, COUNT(*) AS wins\nFROM matches AS m\n"
    "LEFT   JOIN venues v ON v.id = m.venue_id\nGROUP BY m.team\nHAVING COUNT(*)>3\nORDER BY wins DESC\nLIMIT 5;\n```"
)


@pytest.mark.parametrize(
    ("criterion", "expected"),
    [
        ("Includes a GROUP BY clause", "pass"),
        ("Uses a LEFT JOIN", "pass"),
        ("Includes HAVING COUNT(*) > 3", "pass"),
        ("Includes a WHERE clause", "fail"),
        ("Uses a UNION", "fail"),
        ("Orders by wins descending", "pass"),
        ("Orders by wins in ascending order", "fail"),
        ("Limits the output to 5 rows", "pass"),
        ("Returns only 10 rows", "fail"),
        ("Selects from the matches table", "pass"),
        ("Selects from the players table", "fail"),
    ],
)
def test_sql_clauses_get_a_verdict(criterion: str, expected: str) -> None:
    assert verdict(criterion, QUERY) == expected, record(criterion, QUERY)


def test_a_sql_keyword_in_a_comment_or_in_prose_is_no_clause() -> None:
    commented = "```sql\n-- include a LIMIT clause\nSELECT * FROM matches;\n```"
    assert verdict("Includes a LIMIT clause", commented) == "fail"
    assert verdict("Includes a LIMIT clause", "We limit the results to ten.") == "fail"


SHOW_NOTES = (
    "# Episode 12: Soil\n\nOur guest explains compost.\n\n## Links\n\n- https://soil.example/guide\n"
    "- https://soil.example/map\n\nGuests:\n- Ana Ruiz\n- Tom Berg\n- Li Wei\n"
)


def test_lists_headings_and_counts_of_items() -> None:
    assert verdict("Has a Markdown heading", SHOW_NOTES) == "pass"
    assert verdict("Lists the guests", SHOW_NOTES) == "pass"
    assert verdict("Lists exactly 3 guests", SHOW_NOTES) == "pass"
    assert verdict("Lists exactly 4 guests", SHOW_NOTES) == "fail"
    assert verdict("Lists the sponsors", SHOW_NOTES) == "n/a"  # lists, none named for sponsors
    assert verdict("Lists the guests", "Our guests were lovely.") == "fail"  # the word alone lists nothing
    assert verdict("Lists the guests", "Guests: Ana Ruiz, Tom Berg and Li Wei.") == "pass"
    assert verdict("Has exactly 2 code blocks", "```\na\n```\ntext\n```\nb\n```") == "pass"
    assert verdict("Names the conference", "The Tidewater conference was lovely.") == "n/a"
    assert verdict("Names the conference", "The conference was lovely.") == "fail"  # no name beside it
    assert verdict("Names the conference", "Doors open at six.") == "fail"


def test_a_token_named_with_its_noun_is_the_token() -> None:
    api = "DELETE /plots/{id} removes a plot. It returns 404 when the plot does not exist."
    assert verdict("Mentions status code 404", api) == "pass"
    assert verdict("Documents the HTTP method DELETE", api) == "pass"
    assert verdict("Mentions status code 200", api) == "fail"
    assert verdict("Imports json", "```python\nimport os, json\n```") == "pass"
    assert verdict("Imports re", "```python\nre.match('a', 'b')\n```") == "fail"
    assert verdict("Mentions 6 raised beds", "We built six raised beds.") == "pass"


def test_a_count_word_in_a_term_and_a_comma_inside_a_number() -> None:
    assert verdict("Mentions 3 trains", "Three trains are cancelled.") == "pass"
    assert verdict("Runs on ubuntu-22.04", "runs-on: ubuntu-24.04") == "fail"  # the named token is missing
    # the token and the verb on one line of config: the object found whole (evidence.py; was n/a before it)
    assert verdict("Runs on ubuntu-22.04", "runs-on: ubuntu-22.04") == "pass"
    assert verdict("Mentions €1,200", "The fine is €1 and 200 people paid.") == "fail"


# ----------------------------------------------------------------------------------- one table of number words


def test_numbers_are_read_from_one_table() -> None:
    assert [number_value(w) for w in ("thirty", "twenty-five", "a hundred", "fourteen", "12", "1,200")] == [
        30,
        25,
        100,
        14,
        12,
        1200,
    ]
    assert verdict("Between eleven and fourteen lines", "\n".join(["a line"] * 12)) == "pass"
    tables = []
    for path in (ROOT / "rubric_core").rglob("*.py"):
        if path.name == "numbers.py":
            continue
        if re.search(r"[\"']thirty[\"']\s*:\s*30", path.read_text(encoding="utf-8")):
            tables.append(str(path.relative_to(ROOT)))
    assert not tables, f"a table of number words outside rubric_core/numbers.py: {tables}"


# --------------------------------------------------------------- JSON keys, parts by their form, scopes, labels

SENSOR = '```json\n{"station": "hill-7", "interval_s": 60, "units": "metric", "alerts": {"email": "ops@example.org",\n "max_temp": "45"}, "sensors": ["wind", "rain"]}\n```'


@pytest.mark.parametrize(
    ("criterion", "expected"),
    [
        ("Includes a units key", "pass"),
        ("Includes a battery_level key", "fail"),
        ("Sets interval_s to 60", "pass"),
        ("Sets interval_s to 30", "fail"),
        ("alerts.max_temp is an integer", "fail"),
        ('"units" is a string set to metric', "pass"),
        ("sensors is a list of two strings", "pass"),
        ("Uses snake_case for every key", "pass"),
    ],
)
def test_json_keys_values_and_types(criterion: str, expected: str) -> None:
    assert verdict(criterion, SENSOR) == expected, record(criterion, SENSOR)
    # no JSON: never a pass; a key or value the criterion names and the text lacks is a fail (evidence.py)
    assert verdict(criterion, "No JSON here.") != "pass"


def test_a_title_a_greeting_by_name_and_a_quotation() -> None:
    label = "Bronze Horse, c. 500 BC\n\nFound near the river in 1921, it stood at a shrine."
    assert verdict("Has a title", label) == "pass"
    assert verdict("Has a title", "Found near the river in 1921.\nIt stood at a shrine.") == "fail"
    assert verdict("Greets the volunteer by name", "Hi Rosa,\n\nThanks for Saturday.") == "pass"
    assert verdict("Greets the volunteer by name", "Hi there,\n\nThanks for Saturday.") == "fail"
    report = 'The pool reopens Monday.\n\n"We rebuilt the filters from scratch," said the manager, Dee Okafor.'
    assert verdict("Includes a quote from the manager", report) == "pass"
    assert verdict("Includes a quote from the mayor", report) == "n/a"
    assert verdict("Includes a quote", "The pool reopens Monday.") == "fail"


def test_a_scope_reads_its_part_and_each_part() -> None:
    notice = (
        "Subject: Pool closed Monday.\n\nHi all,\n\nThe pool is shut for repairs. It reopens Tuesday.\n\nBest,\nDee"
    )
    assert verdict("Subject line ends with a period", notice) == "pass"
    assert verdict("Subject line is under 5 words", notice) == "pass"
    assert verdict("The body has exactly 2 sentences", notice) == "pass"
    poem = "Rain on the tin roof\nthe gutters hum all night long\nmorning smells of stone\n\nA\nB\nC\nD"
    assert verdict("Each stanza has three lines", poem) == "fail"
    assert verdict("Each stanza has at most four lines", poem) == "pass"


def test_a_kind_no_finder_sees_is_there_when_a_heading_names_it() -> None:
    lab = "## Method\nWe heated the sample.\n\n## Results\nIt melted at 80 °C."
    assert verdict("Includes a results section", lab) == "pass"
    assert verdict("Includes the results", "It melted.") == "n/a"


def test_facts_copied_from_the_task_are_carried_not_echoed() -> None:
    task = "Write a notice that the north car park closes for resurfacing on Monday. Permits cost £40."
    draft = "The north car park closes for resurfacing on Monday. Permits cost £40 as before."
    assert verdict("Mentions the car park", draft, task) == "pass"
    assert verdict("Mentions the price", draft, task) == "pass"


def test_type_hints_tests_numbered_lists_names_with_an_ampersand() -> None:
    typed = "```python\ndef area(w: float, h: float) -> float:\n    return w * h\n\ndef test_area():\n    assert area(2, 3) == 6\n```"
    bare = "```python\n# type hints and tests\ndef area(w, h):\n    return w * h\n```"
    assert verdict("Uses type hints", typed) == "fail"  # test_area() has none
    assert verdict("Uses type hints", typed.replace("def test_area():", "def test_area() -> None:")) == "pass"
    assert verdict("Uses type hints", bare) == "fail"
    assert verdict("Includes tests", typed) == "pass"
    assert verdict("Includes tests", bare) == "fail"
    steps = "To reset the router:\n1. Unplug it.\n2. Wait ten seconds.\n3. Plug it back in."
    assert verdict("Uses a numbered list of 3 steps", steps) == "pass"
    assert verdict("Uses a numbered list of 4 steps", steps) == "fail"
    assert verdict("Mentions Marsh & Reed", "Marsh and Reed built the boat.") == "pass"
    assert verdict("Mentions Marsh & Reed", "Marsh is here. Reed was late.") != "pass"
    assert verdict("Includes a link to the booking page", "Book at harbour.example/booking today.") == "pass"
    assert verdict("Every dish costs under £10", "Soup £4. Pie £8.") == "n/a"  # a bound, not a token to find


def test_numbers_are_said_as_words_in_syllables_and_a_lead_in_is_no_line() -> None:
    haiku = "Here is your haiku:\n\na late 6:10 bus\nsighs at each empty corner\nnobody gets on"
    assert verdict("Exactly three lines", haiku) == "pass"
    assert verdict("Follows a 5-7-5 syllable pattern", haiku) == "pass"  # "six ten", not "six one zero"


ROAMLY_TASK = (
    "Write a launch email for a budget travel app called Roamly. Under 150 words, mention the 30-day free trial and "
    "the price of $4.99/month, end with a question."
)
ROAMLY = (
    "Subject: Meet Roamly\n\nHi there,\n\nRoamly finds cheap flights and hostels in seconds. Try every feature free "
    "for 30 days, then it is $4.99/month. Download Roamly today and start planning your next trip. Where will you go "
    "first?\n\nBest,\nThe Roamly team"
)


def test_the_issues_named_cases_on_a_well_written_email() -> None:
    """Issue 38's cases: none of these is a confident ✘ any more, and the echo and the loose words are no ✔."""
    assert verdict("Ends with a question", ROAMLY, ROAMLY_TASK) == "pass"
    assert verdict("Includes a call to action", ROAMLY, ROAMLY_TASK) == "pass"
    assert verdict("Starts with a greeting", ROAMLY, ROAMLY_TASK) == "pass"
    assert verdict("Mentions the 30-day free trial", ROAMLY, ROAMLY_TASK) == "n/a"  # a paraphrase: not ✘
    assert verdict("Mentions $4.99/month", ROAMLY, ROAMLY_TASK) == "pass"
    assert verdict("Under 150 words", ROAMLY, ROAMLY_TASK) == "pass"
    echo = ROAMLY.replace("Roamly finds", ROAMLY_TASK + " Roamly finds").replace(
        "free for 30 days, then it is $4.99/month", "today"
    )
    assert verdict("Mentions $4.99/month", echo, ROAMLY_TASK) == "fail"
    assert verdict("Mentions Crumb & Co", "Crumb is great. Co-op members welcome.") == "fail"
    assert verdict("Lists the attendees", "The attendees enjoyed it.") == "fail"
    assert verdict("Ends with a semicolon", "We met; it went well.") == "fail"
    assert verdict("Mentions $80,000", "The salary is $80,000.") == "pass"
    assert verdict("Mentions €85,000", "It costs €85 and 000 people came.") == "fail"


def test_leaving_out_a_thing_with_no_other_usual_wording_is_decided() -> None:
    scones = "Mix flour, butter and milk. Bake at 200°C for twelve minutes."
    assert verdict("Does not mention gluten", scones) == "pass"
    assert verdict("Does not mention gluten", scones + " Use gluten-free flour if you like.") == "fail"
    assert verdict("Does not mention nuts", scones) == "pass"  # a closed class: none of its members either
    assert verdict("Does not mention nuts", scones + " Top with flaked almonds.") == "fail"
    assert verdict("Does not mention pets", "My tabby sleeps on the sofa.") == "n/a"  # a kind with many wordings
    assert verdict("Does not mention dogs", "My labrador sleeps on the sofa.") == "n/a"


def test_when_a_thing_is_the_number_of_things_and_a_range_start() -> None:
    notice = "Choir practice moves to Wednesday. The hall seats forty singers."
    assert verdict("Says when choir practice is", notice) == "pass"
    assert verdict("Says when the concert is", notice) == "n/a"  # a date, but not beside a concert
    assert verdict("Says when the concert is", "The hall seats forty singers.") == "fail"  # no date at all
    assert verdict("States the number of singers", notice) == "pass"
    assert verdict("States the number of rehearsals", notice) == "fail"
    fair = "The book fair runs Saturday 09:30–15:00 in the church hall."
    assert verdict("Mentions the start time", fair) == "pass"
    assert verdict("Mentions the end time", fair) == "pass"
