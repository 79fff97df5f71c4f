"""The offline writer writes the kind of text asked for, in that kind's parts (issue 38, item 1), and reads the
task's facts apart from its instructions (item 2)."""

from __future__ import annotations

import re

import pytest

from rubric_core.config import RunConfig
from rubric_core.engine import Engine
from rubric_core.models._read import read_facts
from rubric_core.models._route import genres, route
from rubric_core.models._writing import first_draft, write
from tests.core.draft_faults import echo_faults, invented_facts, stuffing_faults
from tests.core.genre_shapes import GENRE_OF_LABEL, shape_faults
from tests.core.helpers import of_type
from tests.core.writing_blind_a import TASKS


@pytest.mark.parametrize("task", TASKS, ids=[t["id"] for t in TASKS])
def test_every_blind_task_goes_to_the_genre_it_names(task: dict) -> None:
    assert route(task["task"]).genre == GENRE_OF_LABEL[task["genre"]]
    assert route(task["task"]).notice == ""


@pytest.mark.parametrize(
    ("task", "genre"),
    [
        # The genre word of the head wins over a later word that names another genre.
        ("Write an apology email to a customer. Offer a 15% discount code SORRY15.", "email"),
        ("Job post for a backend engineer. Must know Python and PostgreSQL.", "job_post"),
        ("Write an invitation email for the summer party.", "email"),
        ("Vegan chili recipe, ready in under 45 minutes.", "recipe"),
        ("Press release announcing our new office.", "press_release"),
        ("Tweet announcing our sale.", "tweet"),
        ("Write a 3-tweet thread about our launch.", "thread"),
        ("Write seven steps for planting tomatoes.", "tips"),
        ("Write a Python function that sends an email.", "function"),
        ("Write an email about the new code review process.", "email"),
        ("Hero section copy for Taskly.", "landing_page"),
        ("Write a short welcome message for new members of the club.", "announcement"),
        # The thing the head asks to be written names the kind, whatever a later word names.
        ("Write a LinkedIn post announcing that we're hiring two data engineers at Finch.", "linkedin_post"),
        ("Write a blog post intro about why every developer should learn SQL.", "newsletter"),
        ("Write an Instagram caption for our new matcha latte.", "tweet"),
        ("Write a tweet thread about our launch.", "thread"),
        ("Can you draft the email announcing Inkwell 2.0 to our users?", "email"),
    ],
)
def test_the_head_names_the_genre(task: str, genre: str) -> None:
    assert route(task).genre == genre


def test_a_task_outside_the_genres_gets_the_nearest_and_the_run_says_so() -> None:
    near = route("Write a blog post about our new office in Leeds.")
    assert near.genre == "newsletter" and '"blog post"' in near.notice and "nearest" in near.notice
    fallback = route("Tell me something nice.")
    assert fallback.genre == "paragraph" and "paragraph" in genres()
    assert "nearest" in fallback.notice
    draft = write(["Write a blog post about our new office in Leeds."], [], [])
    assert draft.notice == near.notice and "genre" not in draft.text and "offline" not in draft.text.lower()


def test_the_notice_is_stored_with_the_draft_event_never_in_the_draft(engine: Engine) -> None:
    task = "Write a blog post about our new office in Leeds."
    handle = engine.execute(RunConfig.from_dict({"task": task, "rubric": "- Mentions Leeds", "max_iterations": 1}))
    draft = of_type(handle, "draft")[0].data
    assert draft["notice"] == route(task).notice
    assert "nearest" not in draft["text"]
    # A task of a known genre stores no notice at all.
    handle = engine.execute(
        RunConfig.from_dict({"task": "Write a haiku about rain.", "rubric": "- Exactly three lines"})
    )
    assert "notice" not in of_type(handle, "draft")[0].data


@pytest.mark.parametrize(
    ("task", "genre"),
    [
        ("Write a launch email for Roamly, a budget travel app. It costs $4.99/month.", "email"),
        ("Job post for a part-time barista at Bean There Café.", "job_post"),
        ("Release notes for Tally 3.4.1. Fixed: crash on login. New: dark mode.", "release_notes"),
        ("Give me a recipe for banana bread.", "recipe"),
        ("Write a cover letter for the Data Analyst role at Northwind. I have a BSc in Maths.", "cover_letter"),
        ("Write the opening of a mystery story set on a night train.", "story_opening"),
        ("Tweet for Glowbar's sale: 25% off with code SUNNY25.", "tweet"),
        ("FAQ answer: 'Can I change my delivery address after ordering?'", "faq_answer"),
        ("Product description for a stainless steel water bottle.", "product_description"),
        ("Meeting minutes: weekly sync, 14 May, attendees Sam, Leila. Decided to ship on Friday.", "meeting_notes"),
        ("List of tips for staying focused while working from home.", "tips"),
        ("Write a limerick about a cat who learns to code.", "limerick"),
        ("Write a Shakespearean sonnet about the sea.", "sonnet"),
        ("Write a Python function `slugify(title)` with tests.", "function"),
        ("SQL query: top 5 products by revenue. Tables: products(id, name), sales(id, product_id, amount).", "sql"),
        ("Give me a JSON object with keys: id (integer), name (string).", "json"),
        ("LinkedIn post about starting my new job as a designer at Canva.", "linkedin_post"),
        ("Landing page hero for PawPlan (pet insurance). Need headline and a CTA.", "landing_page"),
        ("Invitation to our office party, Friday 13 December from 6pm at The Copper Kettle.", "invitation"),
        ("Press release: Orbita raises $12M led by Northstar. Dateline San Francisco.", "press_release"),
        ("Reply to a customer who says they were charged twice.", "support_reply"),
        (
            "Write the Installation section of the README for 'tidyup'. It installs with pip install tidyup.",
            "readme_section",
        ),
        ("Bug report: on the checkout page in Safari 17, clicking 'Pay now' does nothing.", "bug_report"),
        ("Opening for my best man speech for my brother Tom's wedding.", "speech"),
        ("Newsletter blurb about our plant swap on Saturday 20 April at Elm Street Garden.", "newsletter"),
    ],
)
def test_each_genre_is_written_in_its_parts_from_the_task_alone(task: str, genre: str) -> None:
    draft = write([task], [], [])
    shown = draft.text + (f"\n\n```python\n{draft.file_content}\n```" if draft.file_content else "")
    assert route(task).genre == genre
    assert shape_faults(shown, genre) == [], draft.text
    assert echo_faults(draft.text, task) == [], draft.text
    assert stuffing_faults(draft.text, task, "") == [], draft.text
    if genre != "recipe":  # a recipe's quantities are the dish's, from the recipe bank (docs/WRITER.md)
        assert invented_facts(draft.text, task) == [], draft.text


def test_the_reader_keeps_instructions_out_of_the_content() -> None:
    facts = read_facts(
        "Write a launch email for a budget travel app called Roamly. Under 150 words, mention the 30-day free "
        "trial and the price of $4.99/month, end with a question. Sign it from Priya, Head of Growth. Avoid the "
        "word 'cheap'."
    )
    assert (facts.name, facts.what) == ("Roamly", "budget travel app")
    assert [p.text for p in facts.points] == ["the 30-day free trial and the price of $4.99/month"]
    asks = facts.asks
    assert asks.limits["words"] == (None, 149) and asks.end == "question" and asks.avoid == ["cheap"]
    assert (asks.sign_name, asks.sign_role) == ("Priya", "Head of Growth")
    assert facts.prices == ("$4.99/month",)


@pytest.mark.parametrize(
    ("task", "avoid", "marks"),
    [
        ("Tweet for our sale. No hashtags, one emoji max.", [], {"hashtag": 0, "emoji": 1}),
        ("Vegan chili recipe, no mushrooms (my partner hates them).", ["mushrooms"], {}),
        ("Story opening. Don't say 'suddenly'.", ["suddenly"], {}),
        ("Job post. Don't use the words 'rockstar' or 'ninja'. No jargon.", ["rockstar", "ninja"], {}),
        ("Event invite, 2 sentences max, no exclamation marks.", [], {"exclamation": 0}),
        ("LinkedIn post, max 3 hashtags.", [], {"hashtag": 3}),
    ],
)
def test_negations_stay_negations(task: str, avoid: list[str], marks: dict[str, int]) -> None:
    asks = read_facts(task).asks
    assert asks.avoid == avoid and asks.marks_max == marks


def test_forbidden_words_and_marks_never_reach_the_draft() -> None:
    task = (
        "Write an Etsy product description for our hand-poured soy candle 'Midnight Fig'. 8 oz, about 50 hours "
        "burn time, $24. Three short paragraphs. Avoid the words 'luxurious' and 'cozy'."
    )
    text = first_draft(task)
    assert not re.search(r"luxurious|cozy", text, re.IGNORECASE), text
    assert len([b for b in text.split("\n\n") if b.strip()]) == 3, text
    tweet = first_draft("Tweet for Glowbar's summer sale: 25% off with code SUNNY25. No hashtags, one emoji max.")
    assert "#" not in tweet and len(tweet) <= 280, tweet


def test_a_quoted_question_then_its_answer_are_two_sentences_and_the_answer_is_kept() -> None:
    task = "Write a FAQ answer: 'Do you ship internationally?' We ship to 40 countries; shipping takes 7-14 days."
    draft = first_draft(task)
    assert "40 countries" in draft and "7-14 days" in draft, draft


def test_json_keys_listed_after_with_are_the_objects_keys_with_their_types() -> None:
    import json

    obj = json.loads(
        first_draft("Write a JSON object for a book with title, author, year (integer) and tags (array of strings).")
    )
    assert list(obj) == ["title", "author", "year", "tags"], obj
    assert isinstance(obj["year"], int) and isinstance(obj["tags"], list), obj


def test_a_reminder_of_news_says_the_news_and_a_reminder_of_an_event_says_when() -> None:
    news = first_draft("Write a reminder email to the team that timesheets are due Friday at 5pm.")
    assert "reminder that timesheets are due Friday at 5pm" in news and "about timesheets" not in news, news
    event = first_draft("Write a reminder email about the fire drill on Thursday at 10am.")
    assert "Thursday" in event and "10am" in event, event


def test_the_sign_off_is_never_the_readers_name_or_a_clause() -> None:
    draft = first_draft("Write an email to Dana letting her know her order of the Trailhead tent is delayed by a week.")
    sign = draft.strip().splitlines()[-1]
    assert "Dana" not in sign and " is " not in sign and not sign.startswith("The the"), draft
    welcome = first_draft("Write a welcome email for new members of the Riverside Running Club.")
    assert "The the" not in welcome, welcome


def test_a_post_whose_task_gives_its_news_says_the_news() -> None:
    hiring = first_draft(
        "Write a LinkedIn post announcing that we're hiring two data engineers at Finch. Remote in the EU."
    )
    assert "hiring two data engineers at Finch" in hiring and "It comes down to" not in hiring, hiring
    award = first_draft("LinkedIn post announcing that our team won the Green Business Award 2024.")
    assert "won the Green Business Award 2024" in award, award
