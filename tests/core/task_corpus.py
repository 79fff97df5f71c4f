"""Generated writing tasks (issue 38, item 3): genre x subject x facts x constraints x negations, written inside
the task the way people write them ("Under 150 words, mention ..., end with a question", "do not mention
competitors", quoted phrases, prices, dates, percentages). Shared by tests/core/test_writing_corpus.py and
bench/offline_draft.py.

Each task knows its genre, the literal facts it gives (the draft must carry them), the words its negations
rule out, and a rubric a person would write for it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hypothesis import strategies as st


@dataclass(frozen=True)
class GenTask:
    """One generated task."""

    genre: str
    task: str
    facts: tuple[str, ...] = ()
    forbidden: tuple[str, ...] = ()
    rubric: str = ""
    kinds: tuple[str, ...] = field(default=())
    """Kinds of content the rubric asks for (question, call_to_action...)."""


PRODUCTS = ["Roamly", "Tidy", "Quillo", "Lumen", "Fernway", "Pocketly", "Brightside", "Nestor", "Waveline", "Orbit"]
WHATS = [
    "budget travel app",
    "note-taking app",
    "meal-planning app",
    "habit tracker",
    "password manager",
    "time-tracking tool",
    "reading app for kids",
    "smart water bottle",
]
FEATURES = ["offline mode", "shared notebooks", "dark mode", "calendar sync", "voice notes", "team folders"]
PEOPLE = ["Priya", "Marcus", "Lena", "Tomasz", "Aisha", "Jamal", "Hannah", "Omar", "Yuki", "Dana"]
ROLES = ["Head of Growth", "Product Manager", "Founder", "Support Lead", "CTO"]
COMPANIES = ["Crumb & Co", "Northwind Logistics", "Maple Grove Care Home", "Fable & Fern", "Bean There Café"]
JOBS = ["Senior Backend Engineer", "part-time barista", "registered nurse", "UX designer", "data analyst"]
CITIES = ["Leeds", "Denver", "Lisbon", "Berlin", "Toronto"]
PRICES = ["$4.99/month", "$24", "£7/month", "$49", "€12", "$38/hour"]
DATES = ["March 12", "14 May", "Friday 13 December", "9 October", "1 September", "Saturday 20 April"]
TIMES = ["6pm", "10am", "7–9pm", "2 pm"]
PERCENTS = ["25%", "15%", "40%", "12%"]
BANNED = ["cheap", "cozy", "synergy", "rockstar", "amazing", "luxurious"]
TOPICS = ["staying focused while working from home", "better sleep", "saving money", "first-time marathon runners"]
DISHES = ["banana bread", "vegan chili", "pancakes", "tomato soup", "guacamole"]
POEM_SUBJECTS = [
    "autumn rain",
    "a lighthouse at night",
    "the moon over a harbor",
    "a fox in the snow",
    "a city at dawn",
]
ANIMALS = [
    "a cat who learns to code",
    "a dog who loves the beach",
    "a goat who wants to fly",
    "an owl who cannot sleep",
]


def _pick(draw: st.DrawFn, items: list[str]) -> str:
    return draw(st.sampled_from(items))


@st.composite
def launch_email(draw: st.DrawFn) -> GenTask:
    name, what, price = _pick(draw, PRODUCTS), _pick(draw, WHATS), _pick(draw, PRICES)
    head = draw(
        st.sampled_from(
            [
                f"Write a launch email for a {what} called {name}.",
                f"Draft the email announcing {name} to our existing users.",
                f"Launch email for {name}, our new {what}.",
            ]
        )
    )
    bits, facts, kinds = [], [name], []
    if draw(st.booleans()):
        days = draw(st.sampled_from([14, 30]))
        bits.append(f"mention the {days}-day free trial and the price of {price}")
        facts += [f"{days}-day free trial", price]
    if draw(st.booleans()):
        f1, f2 = draw(st.lists(st.sampled_from(FEATURES), min_size=2, max_size=2, unique=True))
        bits.append(f"big things are {f1} and {f2}")
        facts += [f1, f2]
    if draw(st.booleans()):
        bits.append("end with a question")
        kinds.append("question")
    limit = draw(st.sampled_from([0, 120, 150]))
    if limit:
        bits.insert(0, f"Under {limit} words")
    tail = []
    if draw(st.booleans()):
        person, role = _pick(draw, PEOPLE), _pick(draw, ROLES)
        tail.append(f"Sign it from {person}, {role}.")
        facts.append(person)
    banned = _pick(draw, BANNED) if draw(st.booleans()) else ""
    if banned:
        tail.append(f"Avoid the word '{banned}'.")
    task = " ".join([head, (", ".join(bits) + ".") if bits else "", *tail]).replace("  ", " ").strip()
    task = task[0].upper() + task[1:]
    rubric = "\n".join([f"- Mentions {name}", "- Has a subject line", *(["- Ends with a question"] if kinds else [])])
    return GenTask("email", task, tuple(facts), (banned,) if banned else (), rubric, tuple(kinds))


@st.composite
def apology_email(draw: st.DrawFn) -> GenTask:
    person, order, percent = (
        _pick(draw, ["Mr. Okafor", "Ms. Alvarez", "Jamal"]),
        draw(st.integers(1000, 99999)),
        _pick(draw, PERCENTS),
    )
    code = draw(st.sampled_from(["SORRY15", "OOPS10", "THANKS20"]))
    sender, company = _pick(draw, PEOPLE), _pick(draw, COMPANIES)
    task = (
        f"Write an apology email to a customer, {person}, whose order #{order} arrived damaged. Offer a full refund "
        f"or free replacement, plus a {percent} discount code {code}. Don't blame the courier. Sign off as {sender} "
        f"from {company}."
    )
    facts = (person, f"#{order}", percent, code, sender)
    return GenTask("email", task, facts, ("courier",), f"- Mentions #{order}\n- Includes an apology\n- Mentions {code}")


@st.composite
def job_post(draw: st.DrawFn) -> GenTask:
    job, company, city = _pick(draw, JOBS), _pick(draw, COMPANIES), _pick(draw, CITIES)
    pay = draw(st.sampled_from(["£65,000–£80,000", "$38/hour", "€52,000"]))
    lines = [f"Job post for a {job} at {company} in {city}."]
    facts = [job, company]
    if draw(st.booleans()):
        lines.append(f"Pay is {pay}.")
        facts.append(pay)
    if draw(st.booleans()):
        email = "careers@" + company.split()[0].lower().strip("&") + ".com"
        lines.append(f"Applicants should email {email}.")
        facts.append(email)
    banned = _pick(draw, ["rockstar", "ninja", "guru"])
    lines.append(f"Keep it under 300 words and don't use the word '{banned}'.")
    return GenTask("job_post", " ".join(lines), tuple(facts), (banned,), f"- Names {company}\n- Says how to apply")


@st.composite
def release_notes(draw: st.DrawFn) -> GenTask:
    name = _pick(draw, PRODUCTS)
    version = draw(st.sampled_from(["3.4.1", "2.0", "0.9.0", "5.12.3"]))
    new, fixed = draw(st.lists(st.sampled_from(FEATURES), min_size=2, max_size=2, unique=True))
    task = f"Release notes for {name} {version}. New: {new}. Fixed: {fixed} crashing on login. Bullet points."
    return GenTask(
        "release_notes", task, (name, version, new), (), f"- Titled with {name} {version}\n- Uses bullet points"
    )


@st.composite
def tweet(draw: st.DrawFn) -> GenTask:
    brand, percent, day = _pick(draw, PRODUCTS), _pick(draw, PERCENTS), _pick(draw, DATES)
    code = draw(st.sampled_from(["SUNNY25", "SAVE15", "WINTER40"]))
    task = f"Tweet for {brand}'s summer sale: {percent} off everything with code {code}, ends {day}. No hashtags, one emoji max."
    return GenTask("tweet", task, (brand, percent, code, day), ("#",), f"- Mentions {code}\n- No hashtags")


@st.composite
def faq(draw: st.DrawFn) -> GenTask:
    brand, days = _pick(draw, PRODUCTS), draw(st.sampled_from([14, 30, 60]))
    task = (
        f"Write the answer for our FAQ question 'What is your refund policy?' for {brand}. Refunds within {days} "
        "days, items must be unused, refunds go back to the original payment method in 5–7 business days. 2-3 "
        "sentences, friendly."
    )
    return GenTask("faq_answer", task, (f"{days} days", "5–7 business days"), (), "- 2-3 sentences")


@st.composite
def product(draw: st.DrawFn) -> GenTask:
    name, price = _pick(draw, ["Midnight Fig", "Sea Salt", "Cedar Grove"]), _pick(draw, PRICES)
    banned = _pick(draw, ["luxurious", "cozy"])
    task = f"Write a product description for our soy candle '{name}'. 8 oz, {price}. Avoid the word '{banned}'."
    return GenTask("product_description", task, (name, "8 oz", price), (banned,), f"- Mentions {price}")


@st.composite
def invitation(draw: st.DrawFn) -> GenTask:
    day, time, person = _pick(draw, DATES), _pick(draw, TIMES), _pick(draw, PEOPLE)
    place = draw(st.sampled_from(["The Copper Kettle", "Kraken Labs Berlin", "Elm Street Garden"]))
    task = f"Invitation to our office holiday party, {day} from {time} at {place}. RSVP to {person} by 6 December."
    return GenTask("invitation", task, (day, time, place, person), (), f"- Mentions {place}")


@st.composite
def tips(draw: st.DrawFn) -> GenTask:
    topic, n = _pick(draw, TOPICS), draw(st.sampled_from([5, 7]))
    task = draw(
        st.sampled_from(
            [f"Give me {n} tips for {topic}.", f"List of tips for {topic}.", f"Write {n} tips for {topic}, numbered."]
        )
    )
    return GenTask("tips", task, (), (), "- Formatted as a list")


@st.composite
def recipe(draw: st.DrawFn) -> GenTask:
    dish, people = _pick(draw, DISHES), draw(st.sampled_from([4, 6]))
    task = draw(
        st.sampled_from(
            [f"Give me a recipe for {dish}.", f"{dish.capitalize()} recipe for {people} people, no mushrooms."]
        )
    )
    forbidden = ("mushroom",) if "mushroom" in task else ()
    return GenTask("recipe", task, (), forbidden, "- Has numbered steps")


@st.composite
def poem(draw: st.DrawFn) -> GenTask:
    form = draw(st.sampled_from(["haiku", "limerick", "sonnet", "poem"]))
    subject = _pick(draw, ANIMALS if form == "limerick" else POEM_SUBJECTS)
    return GenTask(form, f"Write a {form} about {subject}.", (), (), "- Is a poem")


@st.composite
def code_task(draw: st.DrawFn) -> GenTask:
    name, what = draw(
        st.sampled_from(
            [
                ("is_palindrome", "checks whether a string is a palindrome"),
                ("slugify", "turns a title into a slug"),
                ("median", "returns the median of a list"),
                ("factorial", "returns n!"),
            ]
        )
    )
    return GenTask(
        "function",
        f"Write a Python function `{name}` that {what}, with tests.",
        (name,),
        (),
        f"- Defines a function {name}",
    )


@st.composite
def sql(draw: st.DrawFn) -> GenTask:
    n, year = draw(st.sampled_from([5, 10])), draw(st.sampled_from([2022, 2023]))
    task = f"SQL query: top {n} customers by total order value in {year}. Tables: customers(id, name, email), orders(id, customer_id, total_amount, created_at)."
    return GenTask("sql", task, ("customers", "orders", "total_amount"), (), "- Joins customers and orders")


@st.composite
def json_task(draw: st.DrawFn) -> GenTask:
    user = draw(st.sampled_from(["marta_k", "j_doe", "sam99"]))
    task = f"Give me a JSON object for a user profile with keys: id (integer), username (string), is_verified (boolean), roles (array of strings). Use example values for a user called '{user}'."
    return GenTask("json", task, ("username", "is_verified", user), (), "- Valid JSON")


@st.composite
def linkedin(draw: st.DrawFn) -> GenTask:
    org, a, b = _pick(draw, PRODUCTS), *draw(st.lists(st.sampled_from(PEOPLE), min_size=2, max_size=2, unique=True))
    task = f"LinkedIn post celebrating our team hitting 10,000 customers at {org}. Thank the support team by name ({a} and {b}), max 3 hashtags, end with a question."
    return GenTask("linkedin_post", task, (org, a, b, "10,000 customers"), (), "- Ends with a question", ("question",))


@st.composite
def support(draw: st.DrawFn) -> GenTask:
    person, hours, ticket = _pick(draw, PEOPLE), draw(st.sampled_from([24, 48])), draw(st.integers(1000, 9999))
    task = (
        f"Customer support reply to {person}, who can't log in after resetting his password. Tell him to clear his "
        f"browser cache and try the reset link again (it expires after {hours} hours), and if it still fails, we'll "
        f"escalate to tier 2 — ticket #{ticket}. No jargon, under 120 words."
    )
    return GenTask("support_reply", task, (person, f"{hours} hours", f"#{ticket}"), (), f"- Addressed to {person}")


@st.composite
def announcement(draw: st.DrawFn) -> GenTask:
    day = _pick(draw, DATES)
    task = draw(
        st.sampled_from(
            [
                f"Announce that the parking policy changes on {day}.",
                f"Write an announcement for the team picnic on {day} at noon in Riverside Park.",
            ]
        )
    )
    return GenTask("announcement", task, (day,), (), "- Mentions the date")


GENERATORS = (
    launch_email,
    apology_email,
    job_post,
    release_notes,
    tweet,
    faq,
    product,
    invitation,
    tips,
    recipe,
    poem,
    code_task,
    sql,
    json_task,
    linkedin,
    support,
    announcement,
)
"""Every generator of a task; the tests and the bench draw the same number from each."""
