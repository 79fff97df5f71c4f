"""Properties of the offline grader over generated drafts and criteria (Hypothesis, the suite's fixed seed).

- Typographic variants of a draft (curly quotes and apostrophes, en and em dashes, non-breaking spaces, a
  number written in words) never change a verdict (so never turn a ✔ into a ✘).
- A sign-off (and a signature) after a closing question keeps "Ends with a question" ✔, and a subject line and
  a greeting before it keep "Starts with a greeting" ✔.
- A sentence of the task's instructions pasted into a draft never makes a ✔ of a mention it holds.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.core.grader_helpers import verdict

NAMES = ["Harbor Yoga", "Pine & Co", "O'Neill Books", "Vela", "Northgate Tours", "Kettle Club"]
THINGS = [
    "the rooftop garden",
    "the evening class",
    "the sign-up sheet",
    "the family pass",
    "the repair cafe",
    "the quiet room",
    "the early-bird rate",
    "the book swap",
]
NUMBERS = [(3, "three"), (12, "twelve"), (15, "fifteen"), (30, "thirty"), (40, "forty"), (90, "ninety")]
UNITS = ["minutes", "days", "seats", "volunteers"]
CLOSERS = ["Best,", "Cheers,", "Thanks,", "Kind regards,", "Warm regards,", "See you soon,"]
SIGNERS = ["Ana", "The Vela team", "Tom Berg", "Priya"]
QUESTIONS = [
    "Will you join us?",
    "Can you bring a friend?",
    "Which day suits you best?",
    "**Ready to sign up?**",
    "Shall we save you a seat?",
]
GREETINGS = ["Hi there,", "Hello everyone,", "Dear members,", "Hi Sam,", "Hey team!"]


def _typographic(text: str, curly: bool, dashes: bool, nbsp: bool) -> str:
    if curly:
        text = text.replace("'", "’")
    if dashes:
        text = text.replace(" - ", " – ").replace("-", "‑")
    if nbsp:
        text = text.replace(" ", "\u00a0", 3)
    return text


@st.composite
def mention_cases(draw: st.DrawFn) -> tuple[str, str, str]:
    """(criterion, plain draft, the same draft in typographic variants and number words)."""
    name = draw(st.sampled_from(NAMES))
    thing = draw(st.sampled_from(THINGS))
    digits, words = draw(st.sampled_from(NUMBERS))
    unit = draw(st.sampled_from(UNITS))
    kind = draw(st.sampled_from(["name", "thing", "number"]))
    criterion = {
        "name": f"Mentions {name}",
        "thing": f"Mentions {thing}",
        "number": f"Mentions {digits} {unit}",
    }[kind]
    plain = (
        f"{name} opens {thing} this week - it's free for members. "
        f"We have {digits} {unit} left, so don't wait. See you there!"
    )
    fancy = _typographic(plain, draw(st.booleans()), draw(st.booleans()), draw(st.booleans()))
    if draw(st.booleans()):
        fancy = fancy.replace(f"{digits} {unit}", f"{words} {unit}")
    return criterion, plain, fancy


@settings(max_examples=150)
@given(mention_cases())
def test_typographic_variants_never_turn_a_pass_into_a_fail(case: tuple[str, str, str]) -> None:
    criterion, plain, fancy = case
    assert verdict(criterion, fancy) == verdict(criterion, plain), (criterion, fancy)
    assert verdict(criterion, plain) != "fail"


@st.composite
def letters(draw: st.DrawFn) -> tuple[str, str]:
    """(a letter's body ending with a question, the same body framed: subject, greeting, sign-off, signature)."""
    thing = draw(st.sampled_from(THINGS))
    body = f"We are opening {thing} on Saturday. {draw(st.sampled_from(QUESTIONS))}"
    if draw(st.booleans()):
        body = f"Big news from the club.\n\n{body}"
    subject = f"Subject: {thing.capitalize()}\n\n" if draw(st.booleans()) else ""
    greeting = draw(st.sampled_from(GREETINGS))
    closing = draw(st.sampled_from(CLOSERS))
    signer = draw(st.sampled_from(SIGNERS))
    return body, f"{subject}{greeting}\n\n{body}\n\n{closing}\n{signer}"


@settings(max_examples=150)
@given(letters())
def test_a_sign_off_after_a_closing_question_keeps_it_the_end(case: tuple[str, str]) -> None:
    body, framed = case
    assert verdict("Ends with a question", body) == "pass"
    assert verdict("Ends with a question", framed) == "pass", framed
    assert verdict("Starts with a greeting", framed) == "pass", framed
    assert verdict("Ends with a sign-off", framed) == "pass", framed


INSTRUCTIONS = [
    "Mention {thing} and the price of ${price}, and end with a question.",
    "Make sure to include {thing} and keep it under 120 words.",
    "Please mention {thing}, use a friendly tone and finish with a call to action.",
    "Write a short notice for members that mentions {thing} and the ${price} fee.",
    "Include {thing} in the second paragraph and end with a question for the reader.",
]


@st.composite
def echoes(draw: st.DrawFn) -> tuple[str, str, str]:
    """(task, a draft that pastes one of its instruction sentences and says nothing of the thing, criterion)."""
    thing = draw(st.sampled_from(THINGS))
    price = draw(st.sampled_from(["4.99", "12", "30", "149"]))
    instruction = draw(st.sampled_from(INSTRUCTIONS)).format(thing=thing, price=price)
    task = f"Write a short update for the {draw(st.sampled_from(NAMES))} newsletter. {instruction}"
    prefix = draw(st.sampled_from(["", "Here is the update. ", "Draft: ", "Notes for the writer ("]))
    draft = f"{prefix}{instruction}\n\nOur members make this club what it is."
    return task, draft, f"Mentions {thing}"


@settings(max_examples=150)
@given(echoes())
def test_a_pasted_task_sentence_never_makes_a_pass(case: tuple[str, str, str]) -> None:
    task, draft, criterion = case
    assert verdict(criterion, draft, task) != "pass", (task, draft)
