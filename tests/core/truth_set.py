"""A truth set for the offline grader, written by hand: (criterion, draft, what a careful reviewer says).

Each row's `truth` is decided from what the criterion means for that draft, not from what the grader
does: `pass` or `fail` when a reviewer can tell from the text, `n/a` when even a reviewer could not
settle it from the text alone (a matter of taste: "Is persuasive", "Uses vivid imagery"). `also` lists
other verdicts an honest offline grader may give: `n/a` where no deterministic check covers the
criterion (the grader does not know the product's name, what a function does, whether a question is
rhetorical), `fail` where a reviewer would fail the draft yet the grader cannot know it. `pass` is
never in `also`: a ✔ must mean the criterion holds.

`known` records a verdict the grader gives today that is outside the accepted ones (never a ✔), with
the reason it is left so; the tests keep it honest both ways (a fix shows up as a changed row).

Read by tests/core/test_truth_set.py (0 false passes, every row's verdict) and bench/offline_grader.py
(the confusion matrix).
"""

from __future__ import annotations

from dataclasses import dataclass, field

VERDICTS = ("pass", "fail", "n/a")


@dataclass(frozen=True)
class Row:
    """One hand-written case."""

    criterion: str
    """The rubric bullet's text."""

    draft: str
    """The agent's answer (code in a fenced block when the criterion is about code)."""

    truth: str
    """What a careful reviewer says: pass, fail, or n/a (no check can confirm it)."""

    also: frozenset[str] = field(default_factory=frozenset)
    """Other verdicts an honest offline grader may give (never pass)."""

    why: str = ""
    """The reviewer's reason, when it is not obvious."""

    attachment: str = ""
    """Lines attached under the bullet (tests, a JSON Schema)."""

    tools: dict[str, str] | None = None
    """Answers of grader tools the run was given (tool name -> its report), for "(tool)" criteria."""

    known: str = ""
    """A verdict the grader gives today outside `accepted` (never pass), left so for the reason in `why`."""

    @property
    def accepted(self) -> frozenset[str]:
        return frozenset({self.truth}) | self.also


def ok(criterion: str, draft: str, why: str = "", **kw: object) -> Row:
    """A draft that meets the criterion."""
    return Row(criterion, draft, "pass", why=why, **kw)  # type: ignore[arg-type]


def ok_or_na(criterion: str, draft: str, why: str = "", **kw: object) -> Row:
    """A draft that meets the criterion, which an honest offline grader may still call n/a."""
    return Row(criterion, draft, "pass", frozenset({"n/a"}), why, **kw)  # type: ignore[arg-type]


def no(criterion: str, draft: str, why: str = "", **kw: object) -> Row:
    """A draft that misses the criterion."""
    return Row(criterion, draft, "fail", why=why, **kw)  # type: ignore[arg-type]


def no_or_na(criterion: str, draft: str, why: str = "", **kw: object) -> Row:
    """A draft that misses the criterion, which an honest offline grader may call n/a."""
    return Row(criterion, draft, "fail", frozenset({"n/a"}), why, **kw)  # type: ignore[arg-type]


def na(criterion: str, draft: str, why: str, **kw: object) -> Row:
    """A criterion a reviewer could not settle from the text alone (a matter of taste): n/a."""
    return Row(criterion, draft, "n/a", why=why, **kw)  # type: ignore[arg-type]


def na_or_no(criterion: str, draft: str, why: str, **kw: object) -> Row:
    """A reviewer could hardly settle it, and leans to a fail: n/a or fail."""
    return Row(criterion, draft, "n/a", frozenset({"fail"}), why, **kw)  # type: ignore[arg-type]


# ----------------------------------------------------------------------------------------------- drafts

HAIKU = "Cherry blossoms drift\nacross the still garden pond\nsoft rain wakes the buds"
HAIKU_585 = "Cherry blossoms drift\nacross the quiet garden pond\nsoft rain on new leaves"  # 5-8-5
HAIKU_FOUR = HAIKU_585 + "\nthe robins return"

ANNOUNCEMENT = (
    "Meet LockPro X, the bike lock that fits in a jersey pocket. Its hardened steel shackle shrugs off bolt "
    "cutters, and it weighs just 400 grams. LockPro X costs $49 and ships on March 3. Order yours today at "
    "https://lockpro.example/x."
)
ANNOUNCEMENT_PLAIN = (
    "Our new bike lock is here. It is light, strong and easy to carry. It comes in three colours and fits any frame."
)
STUFFED = (
    "Introducing our new bike lock. We can't wait to share more about the price and the call to action and "
    "the product name and the benefits soon."
)
STUFFED_ISSUE = (
    "Our new bike lock is almost ready. In the coming weeks we will share more about the $49 and call to "
    "action and the price and the product name with everyone who follows along."
)
STUFFED_KINDS = (
    "This update covers the deadline and the date and the time, the link and the statistic, the greeting "
    "and the sign-off, and the thanks and the apology you asked for."
)

EMAIL = (
    "Hi Sam,\n\nThanks for sending the report on Friday. I read it over the weekend and the numbers look right "
    "to me. Could we meet on Tuesday at 10 am to go through the risks?\n\nBest regards,\nAnna"
)
EMAIL_BARE = "Sam,\nThe report is ready and the numbers look right. We can go through the risks next week.\nAnna"

PHOTOSYNTHESIS = (
    "Photosynthesis is the process in which chlorophyll in a plant's leaves captures light energy and uses "
    "it to turn water and carbon dioxide into glucose and oxygen."
)
PHOTOSYNTHESIS_NO_CHLOROPHYLL = (
    "Photosynthesis is how plants make their food. They take in sunlight, water and carbon dioxide and turn "
    "them into glucose and oxygen."
)

LIPOGRAM = "A vast gray gulf rolls toward land. Gulls cry as a salty wind blows. Cold foam slaps at rocks and sand."
LIPOGRAM_FOUR = LIPOGRAM + " Waves hiss back out."  # "Waves" has an e: the bundled example's last draft
OCEAN = "The ocean is vast and blue. Waves crash against the shore all night."

REPORT = (
    "# Website migration: status\n\n## Summary\nThe migration is on track for the 15 March deadline.\n\n"
    "## Progress\nContent export is done and 60% of the pages are on the new platform.\n\n## Risks\n"
    "Redirects for old URLs are untested; search traffic could drop if they break.\n\n## Next steps\n"
    "Move the remaining pages, test every redirect, and freeze content a week before the deadline."
)
REPORT_NO_RISKS = (
    "# Website migration: status\n\n## Summary\nThe migration is on track.\n\n## Progress\nContent export is "
    "done and 60% of the pages are on the new platform.\n\n## Next steps\nMove the remaining pages and set up "
    "redirects."
)

CITY_WITH_A_CAT = (
    "The city wakes early. Buses rumble down the avenue and the bakeries open their doors. Office workers "
    "hurry past the fountain with coffee in hand. A cat watches them from a windowsill. By nine the streets "
    "are full and loud."
)
PIZZA = "I love pizza. Pizza is my favourite food. I eat a slice every Friday with my brother."
CLIMATE = (
    "Climate change is warming the oceans. As the climate shifts, storms grow stronger. Slowing climate change "
    "means cutting emissions now."
)
WORDS_CLIMATE_CHANGE_APART = (
    "The climate here is mild in spring. We will change our plans if it rains. Change is hard for everyone."
)

LONG_130 = (
    "Our city library has opened a new wing for young readers, and the first week has gone better than anyone "
    "hoped. Families queued before the doors opened on Monday, and by noon every reading nook was taken. The "
    "wing has low shelves, soft chairs and a small stage for story hour, which runs three times a week. "
    "Volunteers from the high school help children find books and sign up for cards. The library also added a "
    "quiet room for older students who need a calm place to study after school. Staff say the busiest hours "
    "are late afternoons, so they plan to extend opening times on weekdays. Donations paid for most of the "
    "furniture, and a local artist painted the mural by the entrance. Next month the wing will host its first "
    "author visit and a poetry workshop."
)

ANNOUNCE_LOCK = "Say hello to LockPro X, the lightest bike lock we have ever made. It weighs 400 g, resists bolt cutters and fits in a jersey pocket. Pre-orders open today at $49, and the first 500 locks ship on March 3. Reserve yours at lockpro.example/x before they are gone!"
ANNOUNCE_TEASER = "We are excited to announce our new bike lock. We can't wait to tell you about the price, the launch date and the product name. Stay tuned for more news and the call to action."
EMAIL_FREEZE = "Hi team,\n\nQuick update on the deploy freeze: it starts Friday at 6 pm and ends Monday at 9 am. Please merge anything urgent by Thursday noon. Questions? Reply here or ping me.\n\nThanks,\nPriya"
EMAIL_TERSE = "Team,\n\nThe freeze is coming. Details to follow.\n\nPriya"
SUMMARY_REMOTE = "Remote work saves commuting time, which many employees spend on rest or family. Studies report productivity gains of 13% for some roles. However, isolation and blurred boundaries can hurt well-being."
HAIKU_HARBOR = "Moonlight on the bay,\nboats asleep on silver water,\nthe harbor breathes slow."
LIST_SLEEP = "Five tips for better sleep:\n1. Keep a regular schedule.\n2. Avoid caffeine after 2 pm.\n3. Keep your room cool and dark.\n4. Put screens away an hour before bed.\n5. Get morning light."
PY_PALINDROME = '```python\ndef is_palindrome(s: str) -> bool:\n    """True when s reads the same backwards, ignoring case and spaces."""\n    t = \'\'.join(s.lower().split())\n    return t == t[::-1]\n```'

PY_DUPLICATES_V2 = (
    "Here it is.\n\n```python\ndef find_duplicates(lst):\n"
    '    """Elements of lst that appear more than once, each once, in first-seen order."""\n'
    "    seen, out = [], []\n    for item in lst:\n        if item in seen and item not in out:\n"
    "            out.append(item)\n        seen.append(item)\n    return out\n```\n"
)
PY_DUPLICATES_SORTED = (
    "```python\ndef find_duplicates(lst):\n    seen = set()\n    dups = set()\n    for item in lst:\n"
    "        if item in seen:\n            dups.add(item)\n        seen.add(item)\n    return sorted(dups)\n```\n"
)
PY_REVERSE = '```python\ndef reverse_string(text):\n    """Text backwards."""\n    return text[::-1]\n```\n'
PY_UPPER = '```python\ndef reverse_string(text):\n    """Text in capitals."""\n    return text.upper()\n```\n'
PY_NO_DOCSTRING = "```python\ndef is_prime(n):\n    return n > 1 and all(n % d for d in range(2, n))\n```\n"
PY_TYPED = (
    "```python\ndef slugify(title: str) -> str:\n"
    '    """Lower-case words joined by hyphens."""\n'
    '    return "-".join(title.lower().split())\n```\n'
)
PY_COMMENT_STUFFED = (
    "```python\n# type hints, error handling, recursion and unit tests\ndef add(a, b):\n    return a + b\n```\n"
)
PY_SYNTAX_ERROR = "```python\ndef find_duplicates(lst)\n    return []\n```\n"

DUPLICATE_TESTS = (
    "assert find_duplicates([1, 2, 2, 3, 3, 3]) == [2, 3]\n"
    "assert find_duplicates([]) == []\n"
    "assert find_duplicates([[1], [2], [1]]) == [[1]]"
)
SCHEMA = '{"type": "object", "required": ["name", "age"], "properties": {"name": {"type": "string"}, "age": {"type": "integer"}}}'

SUITE_PASSED = (
    '{"passed": true, "tests": [{"name": "test_empty_list", "passed": true, "error": ""}, '
    '{"name": "test_first_seen_order", "passed": true, "error": ""}], "summary": "2 of 2 tests passed"}'
)
SUITE_ORDER_FAILS = (
    '{"passed": false, "tests": [{"name": "test_empty_list", "passed": true, "error": ""}, '
    '{"name": "test_first_seen_order", "passed": false, "error": "[3, 1] != [1, 3]"}], '
    '"summary": "1 of 2 tests passed"}'
)


# ------------------------------------------------------------------------------------------------- rows

ROWS: tuple[Row, ...] = (
    # --- line count -----------------------------------------------------------------------------------
    ok("Exactly three lines", HAIKU),
    no("Exactly 3 lines", HAIKU_FOUR),
    ok("exactly THREE lines.", HAIKU),
    ok("At most 4 lines", "Roses are red\nviolets are blue"),
    no("No more than two lines", HAIKU),
    ok("Between 2 and 5 lines", HAIKU_FOUR),
    no("Has exactly three lines", "One long line that never breaks at all."),
    ok("3 lines or more", HAIKU),
    ok("Is three lines long", "a\nb\nc"),
    no("Written in a single line", "Two\nlines"),
    no_or_na("Exactly three lines that rhyme", HAIKU, why="three lines, but they do not rhyme"),
    ok_or_na("Three lines about spring", HAIKU, why="three lines, all of spring (blossoms, rain, buds)"),
    no_or_na("Three lines about spring", HAIKU_FOUR, why="four lines: the count alone already misses"),
    # --- syllables ------------------------------------------------------------------------------------
    ok("Follows a 5-7-5 syllable pattern", HAIKU),
    no("Syllables 5/7/5", HAIKU_585, why="the middle line has 8 syllables"),
    ok("Follows the 5–7–5 syllable structure", HAIKU),
    no("5-7-5 syllables", HAIKU_FOUR),
    na("Each line has few syllables", HAIKU, "'few' is no number"),
    # --- sentence count -------------------------------------------------------------------------------
    no("Exactly one sentence", PHOTOSYNTHESIS_NO_CHLOROPHYLL),
    ok("A one-sentence summary", PHOTOSYNTHESIS),
    ok("Three to four sentences", LIPOGRAM),
    no("At least 2 sentences", PHOTOSYNTHESIS),
    no("No more than three sentences", LIPOGRAM_FOUR),
    no('Does not contain the letter "e"', LIPOGRAM_FOUR, why='"Waves"'),
    ok("Is a single sentence", "Dr. Smith arrived at noon."),
    no("Fewer than 3 sentences", "Hello there. How are you? Fine!"),
    ok("two sentences", OCEAN),
    na("One sentence per idea", OCEAN, "whether each idea has its own sentence is a judgement"),
    ok_or_na("Three sentences, each under 10 words", "The sun rose. Birds sang loudly. We walked home slowly."),
    no_or_na("Three sentences, each under 10 words", OCEAN, why="two sentences"),
    # --- word count -----------------------------------------------------------------------------------
    ok("At most 150 words", ANNOUNCEMENT),
    no("Under 10 words", "This sentence has exactly twelve words in it, if you count them."),
    no("At least fifty words", ANNOUNCEMENT_PLAIN),
    ok("Between 20 and 40 words", ANNOUNCEMENT_PLAIN),
    no("120 words or fewer", LONG_130),
    ok("No longer than 100 words", OCEAN),
    ok("Keep it under 120 words", ANNOUNCEMENT),
    no("Keep it under 120 words.", LONG_130),
    ok("Less than 50 words.", "Short and sweet."),
    ok("max 60 words", ANNOUNCEMENT, why="the announcement has 43 words"),
    no_or_na("Each line has at most 5 words", "one two three\nfour five six seven eight nine"),
    no_or_na("Under 100 words and persuasive", LONG_130, why="130 words: the count alone misses"),
    na("Under 100 words and persuasive", ANNOUNCEMENT, "under 100 words; persuasive is a judgement"),
    na("Is concise", ANNOUNCEMENT, "a quality, not a count"),
    # --- paragraphs -----------------------------------------------------------------------------------
    no_or_na(
        "Has at least two paragraphs",
        EMAIL,
        why="one paragraph of body between the greeting and the sign-off. Was 'pass' (three blocks); changed in "
        "issue 38: a greeting and a sign-off are framing, not paragraphs, as a person reading the email counts them",
    ),
    ok("Has at least two paragraphs", EMAIL.replace("the risks?", "the risks?\n\nI can share the slides first.")),
    no_or_na("Exactly two paragraphs", ANNOUNCEMENT, why="one block of text"),
    # --- words and phrases ----------------------------------------------------------------------------
    ok("Mentions light and chlorophyll", PHOTOSYNTHESIS),
    no("Mentions light and chlorophyll", PHOTOSYNTHESIS_NO_CHLOROPHYLL, why="no chlorophyll"),
    ok("Uses the word ocean or sea", "We sailed across the sea at dawn."),
    ok("Refers to Paris", "We spent a week in Paris in May."),
    no("Refers to Paris", "We spent a week in London in May."),
    ok("mentions LIGHT", "The light fades."),
    ok_or_na("Mentions stories", "She told a story at bedtime.", why="story also names a kind of content"),
    ok_or_na("Mentions a leaf", "The leaves fell.", why="an instance of a leaf: no word list for leaf"),
    ok("Mentions climate change", CLIMATE),
    no("Mentions climate change", WORDS_CLIMATE_CHANGE_APART, why="both words, never the phrase"),
    ok("Mentions customer support", "Our customer support team answers within an hour."),
    no("Mentions 'customer support'", "Our support team helps every customer.", why="a phrase, not two words"),
    no("Mentions machine learning", "The learning machine hums.", why="the words, not the phrase"),
    no("Mentions New York", "I bought new shoes in York.", why="not the name"),
    ok("Mentions New York", "We flew to New York on Monday."),
    ok("Mentions both the river and the bridge", "The bridge spans the river."),
    no("Mentions the sun, the moon and the stars", "The sun set and the moon rose.", why="no stars"),
    ok("Mentions the sun, the moon and the stars", "The sun set, the moon rose and the stars came out."),
    ok("Uses the words very or really", "It was really cold."),
    ok("Includes the phrase 'free trial'", "Start your free trial today."),
    no("Includes the phrase 'free trial'", "Free shipping on every trial order.", why="the words apart"),
    ok('Contains the exact phrase "limited time only"', "Offer valid for a limited time only."),
    ok("Names Lisbon", "Our next stop is Lisbon."),
    ok("Mentions the team", "The team shipped the release on Friday."),
    no("Mentions the team", "I shipped the release on Friday."),
    ok("The answer mentions Mount Everest", "Mount Everest is the highest peak on Earth."),
    ok("Must mention Berlin.", "The train leaves for Berlin at six."),
    no("mentions berlin", "The train leaves for Munich at six."),
    # --- literal tokens, as written -------------------------------------------------------------------
    ok("Mentions $49", "The lock costs $49."),
    ok("Mentions $49", "Just $49!"),
    ok("Mentions $49", "Plans start at $49/month."),
    no("Mentions $49", "Only $490 for the pro model.", why="$490 is not $49"),
    no("Mentions $49", "Now $49.99.", why="$49.99 is not $49"),
    no("Mentions $49", "It costs 49 euros.", why="no $49 written"),
    ok("Mentions 4.5%", "Sales grew 4.5% this year."),
    no("Mentions 4.5%", "Sales grew 14.5% this year."),
    no("Mentions 4.5%", "Sales grew 4.55% this year."),
    ok("Quotes the rate of 4.5%", "The loan carries a 4.5% rate."),
    ok("References ticket #4821", "This fixes ticket #4821."),
    ok("Mentions #4821", "Closed in #4821."),
    no("Mentions #4821", "Closed in #48210."),
    ok("Mentions C++", "The engine is written in C++."),
    no("Mentions C++", "The engine is written in C.", why="C is not C++"),
    no("Mentions C++", "The engine is written in C#."),
    ok("Mentions the C++ language", "We rewrote it in C++ last year."),
    ok("Uses the word e-mail", "Send us an e-mail."),
    no("Uses the word e-mail", "Send us an email.", why="asked for the word as written"),
    ok("Includes the link https://example.com/lock", "Read more at https://example.com/lock."),
    no("Includes the link https://example.com/lock", "Read more at https://example.com/locks."),
    no("Includes the link https://example.com/lock", "Read more on our website."),
    ok("Mentions 'free returns'", "Free returns for 30 days."),
    no("Mentions 'free returns'", "Free, easy returns for 30 days."),
    ok("Mentions LockPro X", ANNOUNCEMENT),
    no("Mentions LockPro X", "LockPro is the lock for every rider.", why="LockPro, not LockPro X"),
    no("Mentions LockPro X", "The LockPro XL is the big one.", why="LockPro XL is another product"),
    no("Mentions v2.0", "Version v2.0.1 is out.", why="v2.0.1 is not v2.0"),
    ok("Mentions v2.0", "We shipped v2.0 today."),
    ok("Mentions @rubricstudio", "Follow @rubricstudio for news."),
    no("Mentions 10%", "We gave 110% this year."),
    ok("Mentions 24/7 support", "Our support team is there 24/7."),
    # --- a price --------------------------------------------------------------------------------------
    ok("Mentions the price", ANNOUNCEMENT),
    no("Mentions the price", STUFFED, why="names the word price, not a price"),
    no("Mentions the price", ANNOUNCEMENT_PLAIN),
    ok("States the price", "It's €39 at launch."),
    ok("Includes the cost", "Priced at 25 dollars, it pays for itself."),
    ok("Mentions the price", "It costs forty-nine dollars."),
    no("Gives the pricing", "Pricing will be announced soon."),
    no("Mentions the price", "Affordable for everyone.", why="affordable is not a price"),
    ok("Mentions the price", "Free for the first month, then $5 a month."),
    ok("MENTIONS THE PRICE", "USD 30 per seat."),
    ok("Must include the price.", "You can have one for £12."),
    ok_or_na("The price is mentioned", ANNOUNCEMENT, why="passive wording"),
    ok_or_na("Mentions the price of the lock", ANNOUNCEMENT, why="the lock costs $49"),
    no("Mentions the price of the lock", ANNOUNCEMENT_PLAIN),
    # --- a call to action -----------------------------------------------------------------------------
    no("Includes a call to action", STUFFED, why="the words 'call to action', not one"),
    no("Includes a call to action", STUFFED_ISSUE),
    ok("Includes a call to action", ANNOUNCEMENT),
    ok("Has a clear call to action", "The lock is light and strong. Visit our site to pre-order."),
    ok("Ends with a call to action", "The lock is light and strong. Sign up now for early access."),
    no(
        "Ends with a call to action",
        "Sign up now for early access. The lock ships in May.",
        why="the call comes first; it ends on a fact",
    ),
    no("Includes a CTA", "The lock is strong. It ships in May."),
    ok("Includes a call-to-action", "Ready to ride? Book a test ride at your local shop."),
    ok("Contains a call to action", "Please reply to this email by Friday."),
    no("Includes a call to action", "See you soon!\nTake care,\nAnna", why="a goodbye asks for nothing"),
    no(
        "Includes a call to action",
        "Add the flour. Stir well. Bake for twenty minutes.",
        why="recipe steps are instructions, not a call to act on an offer",
    ),
    ok_or_na("Has a call to action", "Don't miss out: grab yours before Friday."),
    no(
        "Includes a strong call to action",
        ANNOUNCEMENT_PLAIN,
        also=frozenset({"n/a"}),
        why="there is no call to action at all",
    ),
    # --- product name, jargon, competitors and other kinds of content ---------------------------------
    ok_or_na("Includes the product name", ANNOUNCEMENT, "the grader does not know the product's name"),
    no_or_na("Includes the product name", STUFFED, "the words 'the product name', not the name"),
    no_or_na("Includes the product name", STUFFED_ISSUE, "the words 'the product name', not the name"),
    ok_or_na("Does not use jargon", ANNOUNCEMENT_PLAIN, "what counts as jargon is a judgement"),
    no_or_na("Does not use jargon", "We leverage synergies to drive scalable value.", "plainly full of jargon"),
    na("Is persuasive", ANNOUNCEMENT, "a quality"),
    ok_or_na("Does not mention competitors", ANNOUNCEMENT, "the grader does not know the competitors' names"),
    no_or_na("Does not mention competitors", "Unlike Kryptonite locks, ours weighs 400 g.", "Kryptonite is one"),
    ok_or_na("Doesn't mention the competition", ANNOUNCEMENT_PLAIN, "no word list covers the competition"),
    ok_or_na("Does not mention rival brands", ANNOUNCEMENT_PLAIN, "brands are names only the task knows"),
    no_or_na("Mentions a competitor", ANNOUNCEMENT, "the grader does not know the competitors"),
    na("Has a strong hook", ANNOUNCEMENT, "a quality"),
    ok_or_na("Uses a friendly tone", EMAIL, "a quality"),
    ok_or_na("Is grammatically correct", EMAIL, "a judgement"),
    na("Explains the main benefit", ANNOUNCEMENT, "a benefit is a judgement"),
    no_or_na("Explains the benefits", STUFFED, "names benefits, explains none"),
    no_or_na("Includes a customer testimonial", "A customer testimonial and a quote go here.", "no testimonial"),
    na("Mentions the key features", ANNOUNCEMENT, "which features are key is a judgement"),
    ok_or_na("Gives an example", "Small habits add up. For example, a ten-minute walk after lunch helps."),
    na("Has a catchy headline", ANNOUNCEMENT, "a quality"),
    na("Avoids clichés", ANNOUNCEMENT, "a judgement"),
    no_or_na("Does not include any acronyms", "NASA and the ESA launched it.", "NASA and ESA are acronyms"),
    ok_or_na("Is accurate", PHOTOSYNTHESIS, "accuracy needs knowledge"),
    na("Summarises the main points", REPORT, "a judgement"),
    ok_or_na("Includes the author's name", EMAIL, "only the task knows the author"),
    ok_or_na("Mentions the recipient by name", EMAIL, "only the task knows the recipient"),
    ok_or_na("Has a clear structure", REPORT, "a quality"),
    na("Uses vivid imagery", HAIKU, "a quality"),
    na("Includes a metaphor", HAIKU, "finding a metaphor is a judgement"),
    ok_or_na("Does not use slang", EMAIL, "a judgement"),
    ok_or_na("Uses British spelling", "The colour of the harbour.", "no spelling list"),
    ok_or_na("Uses the active voice", OCEAN, "a judgement"),
    na("Includes relevant keywords", ANNOUNCEMENT, "which keywords are relevant is a judgement"),
    ok_or_na("Describes the setting", CITY_WITH_A_CAT, "a judgement"),
    ok_or_na("Mentions the offer", "Get 20% off this week.", "what the offer is only the task knows"),
    ok_or_na("Contains no spelling mistakes", EMAIL, "no dictionary check"),
    ok_or_na("Has no typos", EMAIL, "no dictionary check"),
    ok_or_na("Does not use technical terms", ANNOUNCEMENT_PLAIN, "a judgement"),
    ok_or_na("Is free of buzzwords", ANNOUNCEMENT_PLAIN, "a judgement"),
    ok_or_na("Is appropriate for children", HAIKU, "a judgement"),
    na("Includes a fun fact", "Octopuses have three hearts.", "fun is a judgement"),
    no_or_na("Includes a rhetorical question", "A rhetorical question belongs here.", "no question at all"),
    ok_or_na("Includes a rhetorical question", "Who doesn't love a sunny morning?", "rhetorical is a judgement"),
    ok_or_na("Mentions the benefits of regular exercise", "Exercise helps you sleep.", "benefits are a judgement"),
    ok_or_na("Has a title", REPORT, "what counts as a title is a judgement"),
    ok_or_na("Addresses the reader directly", ANNOUNCEMENT, "a judgement"),
    # --- stuffed drafts never pass the kinds they name --------------------------------------------------
    no("Mentions the deadline", STUFFED_KINDS, why="names deadlines, gives none"),
    no("Includes a date", STUFFED_KINDS),
    no("Includes a link", STUFFED_KINDS),
    no("Includes a statistic", STUFFED_KINDS),
    no("Opens with a greeting", STUFFED_KINDS),
    no("Has a sign-off", STUFFED_KINDS),
    no("Includes a thank-you", STUFFED_KINDS, why="'the thanks' thanks nobody"),
    no("Includes an apology", STUFFED_KINDS, why="'the apology' apologises for nothing"),
    no("Mentions the launch date", STUFFED, why="no date"),
    # --- dates, times, deadlines ----------------------------------------------------------------------
    ok("Mentions the date", "The event is on March 3."),
    ok("Includes a date", "Released 2026-03-03."),
    no("Mentions the date", "May I ask a question?", why="may is a verb here"),
    ok_or_na(
        "Gives the event date", "Join us on Friday, June 12, at the town hall.", why="no sentence says it is the event"
    ),
    ok_or_na("Includes the launch date", "LockPro X launches on 3 March."),
    no("Includes the launch date", "LockPro X launches soon."),
    ok_or_na("Mentions the start time", "Doors open at 7 pm.", why="opening is the start, in other words"),
    ok("Mentions the start time", "The talk starts at 7 pm."),
    no("Mentions the start time", "Doors open in the evening."),
    ok("Mentions the deadline", "Applications close on 15 March."),
    ok("Mentions the deadline", REPORT),
    ok("States a deadline", "Please reply by Friday."),
    no("Mentions the deadline", "We met on Monday to plan the launch."),
    no_or_na(
        "Mentions the deadline", "The deadline is tight, so we are working late.", why="says there is one, not when"
    ),
    ok("Explicitly mentions the deadline", "Entries are due April 30."),
    # --- links, emails, phone numbers -----------------------------------------------------------------
    ok("Includes a link", "Learn more at https://lockpro.example/x."),
    no("Includes a link", "Learn more on our website."),
    ok("Includes a URL", "Visit www.lockpro.com for details."),
    ok("Mentions the website", "Find us at lockpro.com."),
    ok_or_na("Includes a link to the docs", "The docs are at https://lockpro.example/docs."),
    ok("Includes an email address", "Write to help@lockpro.com with questions."),
    no("Includes an email address", "Email us with questions."),
    ok("Gives a phone number", "Call 555-013-4477 any time."),
    no("Gives a phone number", "Call us any time."),
    # --- questions, statistics, numbers ---------------------------------------------------------------
    ok("Ends with a question", "We built a lock you can carry. What will you ride to first?"),
    no("Ends with a question", "What will you ride to first? We built a lock you can carry."),
    ok("Includes a question", "Why wait? The lock ships today."),
    ok_or_na("Asks the reader a question", "Have you ever lost a bike? Our lock keeps it safe."),
    ok("Includes a statistic", "Bike thefts fell 40% last year."),
    no("Includes a statistic", "Bike thefts fell a lot last year."),
    ok("Cites a statistic", "3 out of 4 riders lock only the frame."),
    ok("Includes at least two statistics", "Thefts fell 40% and 3 out of 4 riders now use a second lock."),
    no("Includes at least two statistics", "Bike thefts fell 40% last year."),
    ok("Includes a number", "We have 12 colours."),
    # --- greetings, sign-offs, thanks, apologies ------------------------------------------------------
    ok("Opens with a greeting", EMAIL),
    no("Starts with a greeting", EMAIL_BARE),
    ok("Has a sign-off", EMAIL),
    no("Ends with a sign-off", "Hi Sam,\nThe report is ready. Let me know what you think."),
    ok("Includes a greeting and a sign-off", EMAIL),
    no("Includes a greeting and a sign-off", EMAIL_BARE),
    ok("Includes a thank-you", EMAIL),
    no("Includes a thank-you", "Thanks to its steel shackle, the lock resists cutters.", why="causal, not thanks"),
    ok("Includes an apology", "We're sorry for the delay."),
    no("Includes an apology", "The delay was caused by the storm."),
    ok_or_na("Apologizes for the delay", "We're sorry for the delay."),
    # --- emoji, hashtags, exclamation marks, bullets --------------------------------------------------
    ok("Includes an emoji", "Ride safe 🚲"),
    no("Includes an emoji", "Ride safe."),
    ok("Uses at least one hashtag", "New lock out now #bikes"),
    ok("Uses at least two hashtags", "New lock out now #bikes #cycling"),
    no("Uses at least two hashtags", "New lock out now #bikes"),
    ok("Uses exactly one emoji", "Ride safe 🚲"),
    no("Uses exactly one emoji", "Ride safe 🚲🔒"),
    no("No more than two exclamation marks", "Wow! New! Now!"),
    ok("No more than two exclamation marks", "Wow! New lock."),
    ok("Uses bullet points", "Pack list:\n- a lock\n- a pump\n- a light"),
    no("Uses bullet points", ANNOUNCEMENT_PLAIN),
    ok_or_na("Is formatted as a bulleted list", "- a lock\n- a pump\n- a light"),
    # --- absence --------------------------------------------------------------------------------------
    ok('Does not contain the letter "e"', LIPOGRAM),
    no('Does not contain the letter "e"', OCEAN),
    no("Without the letter z", "A zebra ran past."),
    ok("Never uses the letter x", "A quiet room."),
    no("Does not mention price", "It costs $49."),
    ok("Does not mention the price", ANNOUNCEMENT_PLAIN),
    no("Does not mention the price", "It costs forty-nine dollars.", why="a price in words"),
    no_or_na("Does not mention the price", "It's affordable for every rider.", why="speaks of the price"),
    no("Must not mention the price", "Pricing starts at $5 a month."),
    no("Avoids the words very and really", "It was really good."),
    ok("Avoids the words very and really", "It was good."),
    ok("Never uses the word 'basically'", "It is simple."),
    no("Doesn't use the word “synergy”", "We found synergy."),
    no("Does not mention dogs", "The puppy slept by the door."),
    ok_or_na("Does not mention dogs", "The stock market fell sharply today."),
    no("Does not mention dogs", "The dog slept by the door."),
    ok("Does not mention Kryptonite", ANNOUNCEMENT),
    no("Does not mention Kryptonite", "Lighter than a Kryptonite lock."),
    ok("Contains no exclamation marks", "A calm note."),
    no("Contains no exclamation marks", "Great news!"),
    no("Does not include any links", "See www.lockpro.com."),
    ok("Does not include any links", "See our shop."),
    no("Uses no hashtags", "Out now #bikes"),
    ok("Uses no hashtags", "Out now."),
    no("Avoids emojis", "Ride safe 🚲"),
    ok("Avoids emojis", "Ride safe."),
    no("Does not include numbers", "We sold 12 locks."),
    no_or_na("Does not include numbers", "We sold five locks.", why="five is a number, written out"),
    ok("Does not include numbers", "We sold many locks."),
    ok_or_na("Doesn't ask any questions", "The lock ships today."),
    no("Does not ask questions", "Why wait? The lock ships today."),
    no("Has no questions", "Why wait? The lock ships today."),
    ok("Has no questions", "The lock ships today."),
    no("Does not apologize", "Sorry for the wait."),
    no("Does not include an email address", "Write to help@lockpro.com."),
    ok("Does not include an email address", "Write to us."),
    no("Does not mention the deadline", "Please reply by Friday."),
    no("No dates", "We launch on March 3."),
    no_or_na("Does not mention team", "The team shipped it.", why="the word is there"),
    ok_or_na("Does not mention team", "I shipped it."),
    ok("Does not use the word team", "I shipped it."),
    no("Does not use the word team", "Our teams shipped it.", why="teams is the word, plural"),
    no("Does not mention the price or the launch date", "It launches on March 3."),
    # --- counts and more ------------------------------------------------------------------------------
    no_or_na("Exactly two sentences about the ocean", LIPOGRAM, why="four sentences"),
    ok_or_na("Exactly two sentences about the ocean", OCEAN),
    ok_or_na("At least two sentences with a verb", OCEAN, "which words are verbs needs a parser"),
    no_or_na("Every line mentions the sea", HAIKU, "every line: a scope the check does not see"),
    na("Uses every single sentence wisely", OCEAN, "a judgement"),
    no_or_na("Each paragraph has three sentences", REPORT, "per paragraph"),
    # --- topics ---------------------------------------------------------------------------------------
    ok("Is about spring", HAIKU),
    ok("Is about the ocean", OCEAN),
    ok("Is about the ocean", LIPOGRAM, why="gulf, gulls, salty wind, foam, waves"),
    no("Is about the ocean", "The stock market fell sharply today. Investors sold their shares."),
    no_or_na("Is about cats", CITY_WITH_A_CAT, why="a cat named in passing; the text is about the city"),
    no_or_na("Is about love", PIZZA, why="about pizza; 'love' is a verb here"),
    ok("Is about coffee", "I start each day with an espresso. By noon I want a latte. Coffee keeps me going."),
    ok("On the theme of friendship", "A friend calls when the rain comes. My old pal brings soup."),
    ok("Is about a dog", "The puppy chased its tail. Then the little dog barked at the mailman."),
    ok("Is about climate change", CLIMATE),
    no_or_na("Is about climate change", WORDS_CLIMATE_CHANGE_APART, why="the words, never the subject"),
    ok("Is about photosynthesis", PHOTOSYNTHESIS),
    ok_or_na("It's about the sea", OCEAN),
    na("Is a funny poem about cats", "My cat sleeps all day.\nShe snores.", "funny is a judgement"),
    na("Writes vividly about the sea", OCEAN, "vividly is a judgement"),
    # --- starts with / ends with ----------------------------------------------------------------------
    ok("Starts with the word 'Today'", "Today we launch the lock."),
    no("Starts with the word 'Today'", "We launch the lock today.", why="today comes last"),
    ok("Ends with the phrase 'See you there'", "The party starts at 8. See you there!"),
    no("Ends with the phrase 'See you there'", "See you there! The party starts at 8."),
    ok("Begins with 'Dear Customer'", "Dear Customer,\nYour order has shipped."),
    no("Begins with 'Dear Customer'", "Hello,\nDear Customer, your order has shipped."),
    ok("Closes with a call to action", "The lock is light. Order now at lockpro.com."),
    ok_or_na("Starts with a capital letter", "The lock is light."),
    ok_or_na("Ends with a period", "The lock is light."),
    na("Opens with the product name", ANNOUNCEMENT, "the grader does not know the name"),
    ok("Ends with the word 'forever'", "Some things last forever."),
    no("Ends with the word 'forever'", "Forever is a long time."),
    # --- code -----------------------------------------------------------------------------------------
    ok("Defines a function find_duplicates(lst)", PY_DUPLICATES_V2),
    no("Defines a function find_duplicates(lst)", PY_REVERSE),
    ok("Defines a function called `reverse_string`", PY_REVERSE),
    no("Defines a function", "Reverse it with slicing: text[::-1]."),
    ok("Implements a function named is_prime", PY_NO_DOCSTRING),
    ok("Defines a function", PY_TYPED),
    ok_or_na("Contains a function that reverses a string", PY_REVERSE),
    no_or_na("Defines a function that reverses a string", PY_UPPER, why="it upper-cases"),
    ok("Every function has a docstring", PY_DUPLICATES_V2),
    no("Every function has a docstring", PY_NO_DOCSTRING),
    ok("Includes a docstring", PY_REVERSE),
    na("Has helpful docstrings", PY_REVERSE, "helpful is a judgement"),
    ok_or_na("Handles empty input", PY_REVERSE, "needs tests to know"),
    na("Is efficient", PY_DUPLICATES_V2, "a judgement"),
    ok_or_na("Uses type hints", PY_TYPED),
    no_or_na("Uses type hints", PY_COMMENT_STUFFED, "a comment naming type hints is not type hints"),
    no_or_na("Uses recursion", PY_COMMENT_STUFFED, "a comment naming recursion is not recursion"),
    no_or_na("Includes error handling", PY_DUPLICATES_V2, "what counts as handling errors is a judgement"),
    ok_or_na("Does not use eval", PY_REVERSE),
    ok("Passes these tests:", PY_DUPLICATES_V2, attachment=DUPLICATE_TESTS),
    no("Passes these tests:", PY_DUPLICATES_SORTED, attachment=DUPLICATE_TESTS, why="lists are unhashable"),
    no("Passes the tests below", PY_SYNTAX_ERROR, attachment=DUPLICATE_TESTS),
    na("All tests pass", PY_DUPLICATES_V2, "no tests attached and no tool named"),
    na("Passes the unit tests", PY_DUPLICATES_V2, "no tests attached"),
    # --- grader tools ---------------------------------------------------------------------------------
    ok("All tests pass (run_test_suite)", PY_DUPLICATES_V2, tools={"run_test_suite": SUITE_PASSED}),
    no("All tests pass (run_test_suite)", PY_DUPLICATES_SORTED, tools={"run_test_suite": SUITE_ORDER_FAILS}),
    ok(
        "An empty list gives an empty list (run_test_suite: test_empty_list)",
        PY_DUPLICATES_SORTED,
        tools={"run_test_suite": SUITE_ORDER_FAILS},
    ),
    no(
        "Duplicates come back in first-seen order (run_test_suite: test_first_seen_order)",
        PY_DUPLICATES_SORTED,
        tools={"run_test_suite": SUITE_ORDER_FAILS},
    ),
    na(
        "All tests pass (run_test_suite)",
        PY_DUPLICATES_V2,
        "the tool failed: its error says nothing about the draft",
        tools={"run_test_suite": "error: timed out after 30 s"},
    ),
    na("All tests pass (run_test_suite)", PY_DUPLICATES_V2, "the run has no such tool", tools={}),
    # --- JSON -----------------------------------------------------------------------------------------
    ok("Is valid JSON", '{"name": "Ann", "age": 7}'),
    no("Is valid JSON", "{name: 'Ann'}"),
    ok("Outputs valid JSON", 'Here it is:\n```json\n{"name": "Ann"}\n```'),
    no("Is valid JSON", 'Sure! {"name": "Ann"} is the answer.', why="prose around it: the answer is not JSON"),
    ok("The response is valid JSON", "[1, 2, 3]"),
    ok("Is valid JSON matching this schema:", '{"name": "Ann", "age": 7}', attachment=SCHEMA),
    no("Is valid JSON matching this schema:", '{"name": "Ann"}', attachment=SCHEMA, why="no age"),
    no("Is valid JSON matching this schema:", '{"name": "Ann", "age": "seven"}', attachment=SCHEMA),
    ok_or_na("Returns valid JSON with a name field", '{"name": "Ann"}'),
    # --- Markdown sections ----------------------------------------------------------------------------
    ok("Has sections: Summary, Progress, Risks, Next steps", REPORT),
    no("Has sections: Summary, Progress, Risks, Next steps", REPORT_NO_RISKS),
    ok('Includes a "Summary" section', REPORT),
    ok_or_na("Includes a Risks section", REPORT),
    no_or_na("Includes a Risks section", REPORT_NO_RISKS),
    ok("Has sections: summary, next steps", "## Summary:\nOn track.\n\n## Next steps\nShip it."),
    ok_or_na("Sections: Summary, Progress", REPORT),
    na("Has a heading for each step", REPORT, "which steps there are is a judgement"),
    no_or_na("Has sections", STUFFED, "no headings at all; which sections is not said"),
    # --- sensory details ------------------------------------------------------------------------------
    ok("Contains at least two sensory details", LIPOGRAM),
    no("Contains two sensory details", "The meeting is on Tuesday."),
    na("Rich in sensory detail", LIPOGRAM, "rich is a judgement"),
    # --- regex ----------------------------------------------------------------------------------------
    ok("Matches the regex /^[A-Z]/", "Hello"),
    no("Matches the regex /^[A-Z]/", "hello"),
    no("Does not match the pattern `TODO`", "TODO: fix the lock"),
    ok("Follows the pattern `\\d{4}`", "Code 1234"),
    # --- wording people use ---------------------------------------------------------------------------
    ok_or_na("mentons the price", ANNOUNCEMENT, why="a typo in the verb"),
    ok("Should include a link", "Details: https://lockpro.example/x"),
    ok("The draft mentions the price", "It's $20."),
    ok("It mentions Paris.", "Paris in the rain."),
    ok("includes an e-mail address", "Reach us at team@lockpro.example."),
    no("Includes a web address", "Search for us online."),
    ok("Lists the price", "Price: $49"),
    # --- a second pass: more wordings and drafts of every kind above ------------------------------------
    ok_or_na("Mentions the price", "Only 49.99 for a limited time."),
    no_or_na("Mentions the price", "It costs less than a coffee a week."),
    no("Mentions the price", "The price will be announced next week."),
    no("Mentions the price", "We sold 49 units last week."),
    no("Mentions the price", "Shipping weighs 2 pounds."),
    no("Mentions the price", "It weighs 2 pounds and costs a fortune."),
    ok("Mentions the price", "Tickets are $15 for adults."),
    ok_or_na("Includes pricing information", "Tickets are $15 for adults."),
    no_or_na("Includes the ticket price", "Doors open at 7. Parking is $5."),
    ok("Includes the ticket price", "Tickets cost $15."),
    ok_or_na("States how much it costs", "Tickets cost $15."),
    ok_or_na("Does not mention the price", "Tickets are on sale now."),
    ok_or_na("Does not mention pricing", "Our plan is flexible."),
    no("Does not mention cost", "It is $5."),
    no_or_na("Does not reveal the price", "It is $5."),
    ok("Includes a call to action", "Try it free for 30 days."),
    ok("Includes a call to action", "Check out the new range at our store."),
    no_or_na("Includes a call to action", "Get ready for summer."),
    no_or_na("Includes a call to action", "Call it a day."),
    no("Includes a call to action", "Order of events: doors, talk, drinks."),
    no("Includes a call to action", "Book club meets on Friday."),
    no("Includes a call to action", "Visit numbers doubled last year."),
    ok("Includes a call to action", "Join the conversation on our forum."),
    no_or_na("Includes a call to action", "Customers can order online."),
    ok_or_na("Includes a call to action", "You should buy one today."),
    ok_or_na("Includes a call to action", "Why not order yours today?"),
    no("Includes a call to action", "Apply the glue and wait."),
    ok("Includes a call to action", "Get the app."),
    no_or_na("Includes a call to action", "Take the stairs to the second floor."),
    no_or_na("Includes a call to action", "Read the manual before use."),
    no_or_na("Includes a call to action", "Start small and grow."),
    no("Includes a call to action", "Contact lenses can dry your eyes."),
    no("Includes a call to action", "Shop owners are worried."),
    no("Includes a call to action", "Download speeds improved."),
    no("Includes a call to action", "Email volume grew 20%."),
    no_or_na("Includes a call to action", "Follow the river north."),
    ok("Includes a call to action", "Call 555-0199 today."),
    no("Includes a call to action", "Text messages arrive late."),
    no("Includes a call to action", "Tap water is safe here."),
    ok("Includes a call to action", "Claim your free sticker at the desk."),
    no_or_na("Includes a call to action", "Don't buy cheap locks."),
    ok_or_na("Does not include a call to action", "The lock is light."),
    no("Does not include a call to action", "Buy one now."),
    no_or_na("Mentions the date", "We met in March."),
    ok_or_na("Mentions the date", "See you on the 3rd."),
    no_or_na("Mentions a date", "The 2024 season was long."),
    no_or_na("Mentions the date", "Sunday mornings are quiet."),
    ok("Includes the event time", "The event starts at 6pm."),
    ok_or_na("Includes the event time", "Doors open at 6pm; the talk is at 7pm."),
    ok_or_na("Does not mention a date", "See you soon."),
    no("Does not mention the date", "It happens on Friday."),
    no_or_na("Mentions a time", "It starts at 6."),
    ok("Mentions a time", "Lunch at 12:30."),
    no("Mentions a time", "The score was 2:1."),
    ok_or_na("Mentions the deadline", "Submit by end of day."),
    ok("Mentions the deadline", "Submit your entry by Friday, June 5."),
    no("Mentions the deadline", "We started on Monday."),
    ok("Mentions the deadline", "The offer ends Sunday."),
    no("Mentions the deadline", "Since Monday we have been busy."),
    no_or_na("Mentions the deadline", "Before Monday I was tired."),
    no("Mentions the moon", "The honeymoon was short."),
    no("Mentions art", "The party started early."),
    ok("Mentions art", "Art is long."),
    no_or_na("Mentions a hat", "She sat on a chair."),
    no("Mentions light", "The lightning struck."),
    ok_or_na("Refers to the river Thames", "We walked along the Thames."),
    ok("Mentions the Eiffel Tower", "We saw the Eiffel tower."),
    no("Mentions the Eiffel Tower", "We saw the tower in Paris."),
    ok("Mentions iPhone 15", "The iPhone 15 is out."),
    ok_or_na("Mentions iPhone 15", "The iPhone 15 Pro is out."),
    no("Mentions iPhone 15", "The iPhone 14 is out."),
    ok("Mentions Python 3.12", "We use Python 3.12."),
    no("Mentions Python 3.12", "We use Python 3.11."),
    ok("Mentions COVID-19", "Since covid-19, we work remotely."),
    ok("Mentions the ISO 9001 standard", "We are certified to ISO 9001."),
    ok("Mentions the 30-day money-back guarantee", "Every order has a 30-day money-back guarantee."),
    no_or_na("Mentions the 30-day money-back guarantee", "Returns within 30 days."),
    no_or_na("Mentions the 30-day money-back guarantee", "A 30-day trial."),
    ok("Includes the hashtag #LockProX", "Out now #LockProX"),
    no("Includes the hashtag #LockProX", "Out now #LockPro"),
    ok_or_na("Mentions @lockpro on Twitter", "Follow @lockpro."),
    ok("Mentions 50% off", "Get 50% off today."),
    no_or_na("Mentions 50% off", "Get 50% more storage."),
    ok("Mentions the discount code SAVE10", "Use SAVE10 at checkout."),
    no("Mentions the discount code SAVE10", "Use SAVE20 at checkout."),
    ok("Includes the phone number 555-0134", "Call 555-0134."),
    no("Includes the phone number 555-0134", "Call 555-0135."),
    ok("Mentions support@lockpro.com", "Email support@lockpro.com."),
    no("Mentions support@lockpro.com", "Email help@lockpro.com."),
    ok("Mentions Q3 2026", "Shipping in Q3 2026."),
    ok("Mentions the year 2025", "In 2025 we grew."),
    no("Mentions the year 2025", "In 2026 we grew."),
    ok_or_na("Mentions the 2025 roadmap", "Our roadmap for 2025 is ready."),
    no("Uses the word 'innovative'", "An innovation in locks."),
    ok("Uses the word innovative", "An innovative lock."),
    no("Contains the word 'free'", "Freedom to ride."),
    ok("Contains the word 'free'", "Ride for free."),
    ok("Includes the keyword 'bike lock'", "The best bike lock."),
    ok("Includes the keywords bike lock and anti-theft", "The best anti-theft bike lock."),
    no("Includes the keywords bike lock and anti-theft", "The best bike lock."),
    no_or_na("Mentions at least two of: price, colour, weight", "It weighs 400 g."),
    no_or_na("Mentions three benefits", "It is light."),
    ok_or_na("Lists three colours", "Red, blue and green."),
    ok_or_na("Mentions two competitors", "Unlike Abus and Kryptonite."),
    ok_or_na("Names the author", "By Jane Doe."),
    ok_or_na("Mentions the company name", "Acme makes locks."),
    ok_or_na("Mentions our company", "Acme makes locks."),
    ok_or_na("Mentions the brand", "Acme makes locks."),
    na("Mentions the product", "Our product ships soon.", "the grader does not know which product"),
    na_or_no("Mentions the product", "It ships soon.", "no deterministic check confirms it"),
    ok_or_na("Mentions the location", "We meet in Hall B."),
    na_or_no("Mentions the venue", "We meet at the venue.", "no deterministic check confirms it"),
    na_or_no("Mentions the address", "Our address is below.", "no deterministic check confirms it"),
    na_or_no("Mentions the benefits", "The benefits are many.", "no deterministic check confirms it"),
    na_or_no("Mentions the features", "The features are great.", "no deterministic check confirms it"),
    ok("Mentions the CEO", "Our CEO spoke."),
    no_or_na("Mentions the CEO by name", "Our CEO spoke."),
    ok_or_na("Mentions the team's achievements", "The team did well.", "no deterministic check confirms it"),
    no_or_na("Mentions the customer's name", "Dear customer.", "no deterministic check confirms it"),
    ok_or_na("Mentions the recipient", "Dear Sam.", "no deterministic check confirms it"),
    ok_or_na("Mentions a specific example", "For example, Paris.", "no deterministic check confirms it"),
    ok_or_na("Mentions a real-world example", "For example, Paris.", "no deterministic check confirms it"),
    ok_or_na("Includes an anecdote", "Once I lost my bike.", "no deterministic check confirms it"),
    ok_or_na("Includes a personal story", "Once I lost my bike.", "no deterministic check confirms it"),
    ok_or_na("Includes a quote from the CEO", '"We love it," said the CEO.', "no deterministic check confirms it"),
    ok_or_na("Includes a quote", '"We love it," she said.', "no deterministic check confirms it"),
    ok_or_na("Includes a fact", "Octopuses have three hearts.", "no deterministic check confirms it"),
    ok_or_na("Includes a tip", "Lock the frame, not the wheel.", "no deterministic check confirms it"),
    ok_or_na("Contains a joke", "Why did the bike fall? It was two tired.", "no deterministic check confirms it"),
    ok_or_na("Mentions an example", "e.g. a lock", "no deterministic check confirms it"),
    ok_or_na("Mentions a benefit", "It saves time.", "no deterministic check confirms it"),
    na("Highlights the benefits", "It saves time.", "no deterministic check confirms it"),
    na("Explains the price", "It costs $49 because steel is dear.", "no deterministic check confirms it"),
    no_or_na("Justifies the price", "It costs $49.", "no deterministic check confirms it"),
    no_or_na("Compares the price to competitors", "It costs $49.", "no deterministic check confirms it"),
    no_or_na("Mentions the price and the benefits", "It costs $49.", "no deterministic check confirms it"),
    no("Mentions the price and the benefits", "It is light."),
    ok_or_na("Mentions the price or a discount", "20% off this week.", why="a discount: no check for one"),
    ok("Mentions the price or a discount", "It costs $49."),
    ok_or_na("Doesn't mention the price", "Great value."),
    no("Must not include the price", "Only $5!"),
    no_or_na("Never mentions money", "It costs $5."),
    ok_or_na("Never mentions money", "A sunny day."),
    no_or_na("Avoids mentioning the price", "It costs $5."),
    ok_or_na("Avoids mentioning the price", "A sunny day."),
    no("Do not mention the date", "On Friday we launch."),
    no_or_na("No mention of the price", "It costs $5."),
    ok_or_na("No mention of the price", "A sunny day."),
    no_or_na("Without mentioning competitors", "Unlike Abus...", "no deterministic check confirms it"),
    no("Does not use exclamation points", "Wow!"),
    ok("Does not use exclamation points", "Wow."),
    ok("Has no exclamation marks", "Wow."),
    no("No emojis", "Great 😀"),
    no_or_na("No emojis", "Great :)"),
    ok("No emojis", "Great."),
    ok("Zero hashtags", "Great."),
    no("Contains no links", "Visit lockpro.com"),
    ok("Contains no URLs", "Visit our site."),
    no("Does not include a URL", "Visit https://x.io"),
    no_or_na("Does not contain any numbers", "Five apples."),
    ok("Does not contain any digits", "Five apples."),
    no("Does not contain any digits", "5 apples."),
    ok("Uses no digits", "Five apples."),
    ok_or_na("Does not mention any statistics", "Sales grew a lot."),
    no("Does not mention any statistics", "Sales grew 40%."),
    ok("Does not use the word 'very'", "Every day."),
    no("Does not use the word 'very'", "Very good."),
    ok("Does not say 'sorry'", "Apologies."),
    no("Does not say sorry", "Sorry!"),
    no_or_na("Avoids passive voice", "It was done.", "no deterministic check confirms it"),
    ok_or_na("Avoids the passive voice", "We did it.", "no deterministic check confirms it"),
    no_or_na("Does not use contractions", "We don't know.", "no deterministic check confirms it"),
    ok_or_na("Does not use contractions", "We do not know.", "no deterministic check confirms it"),
    no_or_na("Avoids first person", "I think so.", "no deterministic check confirms it"),
    no_or_na("Does not use first-person pronouns", "I think so.", "no deterministic check confirms it"),
    no("Does not use 'I'", "I think so."),
    ok("Does not use 'I'", "We think so."),
    ok("Avoids the word 'I'", "It is fine."),
    no_or_na("Does not start with 'I'", "I think so."),
    ok_or_na("Does not start with 'I'", "We think so."),
    no_or_na("Does not end with a question", "Why?"),
    no_or_na("Does not mention the weather", "It rained."),
    ok_or_na("Does not mention the weather", "We ate."),
    no("Does not mention the weather", "The weather was bad."),
    no("Does not mention cats", "A kitten slept."),
    ok_or_na("Does not mention cats", "A dog slept."),
    no_or_na("Does not name any people", "Sam came.", "no deterministic check confirms it"),
    no("Does not mention the CEO", "Our CEO spoke."),
    ok_or_na("Does not mention the CEO", "We spoke."),
    no("Doesn't include a greeting", "Hi Sam,\nReport attached."),
    ok_or_na("Doesn't include a greeting", "Report attached."),
    no("Doesn't include a sign-off", "Report attached.\nBest,\nAnn"),
    ok_or_na("Does not include a sign-off", "Report attached."),
    no("Does not include bullet points", "- a\n- b"),
    ok("Does not include bullet points", "a and b"),
    ok("Not longer than 50 words", "Short."),
    no("No longer than two sentences", "One. Two. Three."),
    ok("No more than 3 lines", "a\nb"),
    no("No fewer than 3 lines", "a\nb"),
    ok("Does not exceed 100 words", "Short text."),
    no("Does not exceed 10 words", "This text has more than ten words in it for sure, friend."),
    ok("Should not be longer than 3 sentences", "One. Two."),
    no("Must be under 5 words", "One two three four five six."),
    no("Must be at least 3 sentences long", "One. Two."),
    ok("Between three and five sentences", "One. Two. Three. Four."),
    ok("2-3 sentences", "One. Two."),
    no("Two or three sentences", "One."),
    no_or_na("Roughly 100 words", "Short.", "no deterministic check confirms it"),
    no_or_na("About 50 words", "Short.", "no deterministic check confirms it"),
    ok_or_na("Around three sentences", "One. Two. Three.", "no deterministic check confirms it"),
    ok("At least 3 bullet points", "- a\n- b\n- c"),
    no("At least 3 bullet points", "- a\n- b"),
    no("Exactly 3 bullet points", "- a\n- b\n- c\n- d"),
    ok("Has 5 bullet points", "- a\n- b\n- c\n- d\n- e"),
    no("Five bullet points", "- a\n- b"),
    no_or_na("A list of five items", "- a\n- b", "no deterministic check confirms it"),
    ok_or_na("Uses a numbered list", "1. a\n2. b"),
    no_or_na("Uses a numbered list", "- a\n- b"),
    ok("Starts with a question", "Why wait? Buy now."),
    no("Starts with a question", "Buy now. Why wait?"),
    ok("Opens with a question", "Have you ever lost a bike?\nWe can help."),
    ok_or_na("Begins with the product name", "LockPro X is here.", "no deterministic check confirms it"),
    ok("Starts with 'Introducing'", "Introducing LockPro X."),
    no("Starts with 'Introducing'", "We are introducing LockPro X."),
    ok("Starts with Hello", "Hello world."),
    no("Starts with Hello", "Well, hello."),
    ok_or_na("Begins with a verb", "Run fast.", "no deterministic check confirms it"),
    ok_or_na("Starts with the headline", "# Big news\nText.", "no deterministic check confirms it"),
    na("Ends with the company slogan", "Ride free.", "no deterministic check confirms it"),
    ok("Ends with 'Thank you'", "That's all. Thank you!"),
    no("Ends with 'Thank you'", "Thank you! That's all."),
    ok_or_na("Ends with thanks", "That's all. Thanks!"),
    ok("Ends with a thank-you", "That's all. Thanks for reading!"),
    no("Ends with a thank-you", "Thanks for reading! That's all."),
    ok_or_na("Ends by thanking the reader", "That's all. Thanks for reading!"),
    ok("Ends with an exclamation mark", "Great news!"),
    no("Ends with an exclamation mark", "Great news! It's here."),
    ok("Ends with a link", "Read more: https://x.io"),
    no("Ends with a link", "https://x.io has more. Enjoy."),
    na("Ends with your name", "Best,\nAnna", "no deterministic check confirms it"),
    ok_or_na("Ends with a signature", "Best,\nAnna", "no deterministic check confirms it"),
    ok_or_na("Closes with a question to the reader", "Done. What do you think?"),
    ok_or_na("The first sentence mentions the price", "It costs $5. It is red."),
    no_or_na("The first sentence mentions the price", "It is red. It costs $5."),
    ok_or_na("The last line includes a call to action", "It is red.\nBuy now."),
    ok_or_na("Mentions the price in the first sentence", "It costs $5. It is red."),
    no_or_na("Mentions the price in the first sentence", "It is red. It costs $5."),
    no_or_na("Mentions the price early", "It is red. It costs $5.", "no deterministic check confirms it"),
    no_or_na("Mentions the price at the end", "It costs $5. It is red.", "no deterministic check confirms it"),
    ok_or_na("Mentions the price twice", "It costs $5. Only $5!"),
    no_or_na("Mentions the price twice", "It costs $5."),
    no_or_na("Mentions the price only once", "It costs $5. Only $5!"),
    no_or_na("Mentions the product name at least twice", "LockPro is great.", "no deterministic check confirms it"),
    ok_or_na("Mentions Paris twice", "Paris. Paris."),
    no_or_na("Mentions Paris twice", "Paris."),
    no_or_na("Uses the word 'love' at least three times", "love love"),
    ok_or_na("Uses the word 'love' at least three times", "love, love and love"),
    na("Repeats the slogan", "Ride free.", "no deterministic check confirms it"),
    no_or_na("Every sentence ends with a period", "One. Two!", "no deterministic check confirms it"),
    no_or_na("Each line starts with a capital letter", "One\ntwo", "no deterministic check confirms it"),
    no_or_na("Every paragraph mentions the lock", "The lock.\n\nThe bike.", "no deterministic check confirms it"),
    ok_or_na("All sentences are short", "Short.", "no deterministic check confirms it"),
    na("Each bullet starts with a verb", "- Run\n- Jump", "no deterministic check confirms it"),
    ok("Is about the ocean", "The ocean is blue. I like the ocean. Oceans are big."),
    ok("About the sea", "The sea is calm. The waves are small."),
    ok("About bikes", "Bikes are great. I ride my bike daily."),
    no_or_na("About bikes", "I like trains. Trains are fast. My bike is old."),
    ok_or_na("Talks about bikes", "Bikes are great. I ride my bike daily."),
    ok_or_na("Focuses on safety", "Safety first. Safety always."),
    no_or_na("Focuses on safety", "Speed matters."),
    na("Stays on topic", "Safety first.", "no deterministic check confirms it"),
    ok_or_na("Is about the new bike lock", "Our new bike lock is here. The lock is strong."),
    no_or_na("Is about the new bike lock", "Trains are fast. Buses are slow. A bike lock is handy."),
    ok("Is about dogs", "Dogs bark. Dogs play. Dogs sleep."),
    no_or_na("Is about dogs", "I hot-dog every day. Hot dogs are tasty."),
    ok("Is about winter", "Snow falls. Frost bites. The year is cold."),
    no_or_na("Is about spring cleaning", "Spring is here. Flowers bloom. Birds sing."),
    ok_or_na("Is about cooking", "I cook daily. Cooking is fun. The cook smiled."),
    ok_or_na("Is about remote work", "Remote work saves time. Working remotely is calm."),
    na("Is about the importance of sleep", "Sleep matters. Sleep heals.", "no deterministic check confirms it"),
    na("Is about a happy dog", "The dog runs. The dog is happy.", "no deterministic check confirms it"),
    na("Is about something positive", "Joy.", "no deterministic check confirms it"),
    na("Is about the benefits of exercise", "Exercise helps.", "no deterministic check confirms it"),
    na("Is about its product", "Our product.", "no deterministic check confirms it"),
    na("Is about love and loss", "Love hurts. Loss hurts more.", "no deterministic check confirms it"),
    ok("Is about the moon", "The moon rose. The moon set."),
    no_or_na("Is about the moon", "I moon over her. She moons at me."),
    ok_or_na("Defines a class", "```python\nclass Cart:\n    def total(self):\n        return 0\n```"),
    ok_or_na("Defines a class called Cart", "```python\nclass Cart:\n    def total(self):\n        return 0\n```"),
    no_or_na("Defines a class called Cart", "```python\ndef add(a, b):\n    '''Sum.'''\n    return a + b\n```"),
    ok("Defines a function named add", "```python\ndef add(a, b):\n    '''Sum.'''\n    return a + b\n```"),
    ok_or_na("Defines an add function", "```python\ndef add(a, b):\n    '''Sum.'''\n    return a + b\n```"),
    ok("Has a function add(a, b)", "```python\ndef add(a, b):\n    '''Sum.'''\n    return a + b\n```"),
    ok_or_na(
        "Has a function add(a, b) that returns the sum",
        "```python\ndef add(a, b):\n    '''Sum.'''\n    return a + b\n```",
    ),
    no_or_na("Includes a main function", "```python\ndef add(a, b):\n    '''Sum.'''\n    return a + b\n```"),
    no("Includes a function", "I would write a function for this."),
    na_or_no(
        "Uses a for loop",
        "```python\ndef add(a, b):\n    '''Sum.'''\n    return a + b\n```",
        "no deterministic check confirms it",
    ),
    na_or_no(
        "Uses list comprehension",
        "```python\ndef add(a, b):\n    '''Sum.'''\n    return a + b\n```",
        "no deterministic check confirms it",
    ),
    na(
        "Does not use global variables",
        "```python\ndef add(a, b):\n    '''Sum.'''\n    return a + b\n```",
        "no deterministic check confirms it",
    ),
    ok_or_na("Does not import any modules", "```python\ndef add(a, b):\n    '''Sum.'''\n    return a + b\n```"),
    ok_or_na("Does not use print", "```python\ndef add(a, b):\n    '''Sum.'''\n    return a + b\n```"),
    no_or_na(
        "Does not use print statements", "```python\ndef add(a, b):\n    '''Sum.'''\n    return a + b\n```\nprint(1)"
    ),
    ok_or_na("Code compiles", "```python\ndef add(a, b):\n    '''Sum.'''\n    return a + b\n```"),
    ok_or_na("Is valid Python", "```python\ndef add(a, b):\n    '''Sum.'''\n    return a + b\n```"),
    no_or_na("Is valid Python", "```python\ndef f(:\n```"),
    na_or_no(
        "Includes comments",
        "```python\ndef add(a, b):\n    '''Sum.'''\n    return a + b\n```",
        "no deterministic check confirms it",
    ),
    na_or_no(
        "Includes unit tests",
        "```python\ndef add(a, b):\n    '''Sum.'''\n    return a + b\n```",
        "no deterministic check confirms it",
    ),
    ok("All functions have docstrings", "```python\ndef add(a, b):\n    '''Sum.'''\n    return a + b\n```"),
    no("All functions have docstrings", "```python\nclass Cart:\n    def total(self):\n        return 0\n```"),
    ok("Has docstrings", "```python\ndef add(a, b):\n    '''Sum.'''\n    return a + b\n```"),
    no_or_na("Has no docstrings", "```python\ndef add(a, b):\n    '''Sum.'''\n    return a + b\n```"),
    no("Includes a docstring for every class", "```python\nclass Cart:\n    def total(self):\n        return 0\n```"),
    ok("Returns valid JSON", '{"a": 1}'),
    no("Output is valid JSON", '{"a": 1'),
    no_or_na("Is a JSON object", "[1,2]"),
    ok_or_na("Is a JSON array", "[1,2]"),
    ok_or_na("Valid JSON", '{"a": 1}'),
    no_or_na("JSON only, no prose", 'Here: {"a": 1}'),
    no_or_na("Outputs JSON with keys name and age", '{"name": "A"}'),
    na("Is valid YAML", "a: 1", "no deterministic check confirms it"),
    na("Is valid Markdown", "# a", "no deterministic check confirms it"),
    ok_or_na("Has a Summary heading", "## Summary\nx"),
    ok_or_na("Has a heading called Summary", "## Summary\nx"),
    no_or_na("Has a heading called Summary", "## Intro\nx"),
    ok_or_na("Includes sections for Summary and Risks", "## Summary\nx\n## Risks\ny"),
    no_or_na("Includes sections for Summary and Risks", "## Summary\nx"),
    ok_or_na("Has a section on risks", "## Risks\ny"),
    na_or_no("Has a section on risks", "## Summary\nRisks are low.", "no deterministic check confirms it"),
    no_or_na("Has at least three sections", "## A\nx\n## B\ny"),
    ok_or_na("Uses headings", "## A\nx"),
    no_or_na("Uses Markdown headings", "A\nx"),
    ok_or_na("Has a title", "# Title\nx", "no deterministic check confirms it"),
    na("Includes a table", "| a | b |\n|---|---|", "no deterministic check confirms it"),
    na(
        "Includes a code block",
        "```python\ndef add(a, b):\n    '''Sum.'''\n    return a + b\n```",
        "no deterministic check confirms it",
    ),
    ok("Uses at least three sensory details", "Cold, salty, bright and loud."),
    na("Includes sensory language", "Cold, salty, bright and loud.", "no deterministic check confirms it"),
    ok("Has 3 lines", "a\nb\nc"),
    no("Three lines", "a\nb"),
    na_or_no("Has three stanzas", "a\nb\n\nc", "no deterministic check confirms it"),
    ok_or_na("Has two paragraphs", "a\n\nb"),
    no_or_na("One paragraph", "a\n\nb"),
    ok_or_na("A single paragraph", "a b c. d e."),
    na("Fits in a tweet", "short", "no deterministic check confirms it"),
    ok_or_na("Under 280 characters", "short"),
    no_or_na(
        "At most 100 characters",
        "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    ),
    ok(
        "Title is under 10 words",
        "# A title\nbody # A title\nbody # A title\nbody ",
        why="the title (the first heading) is two words. Was 'n/a' (no check then read a title); a reviewer says "
        "pass: issue 38",
    ),
    na_or_no("Summary is one sentence", "One. Two.", "no deterministic check confirms it"),
    na_or_no("The summary is one sentence", "One. Two.", "no deterministic check confirms it"),
    na_or_no("Has a one-sentence summary", "One. Two.", "no deterministic check confirms it"),
    na_or_no("Ends with a one-sentence summary", "One. Two.", "no deterministic check confirms it"),
    ok(
        "Each sentence is under 20 words",
        "One. Two.",
        why="two one-word sentences. Was 'n/a' (no check then read each sentence); a reviewer says pass: issue 38",
    ),
    na("Uses short sentences", "One. Two.", "no deterministic check confirms it"),
    ok_or_na("Exactly 3 sentences in the first paragraph", "One. Two. Three.\n\nFour."),
    ok(
        "Contains exactly 50 words",
        "word word word word word word word word word word word word word word word word word word word word word word word word word word word word word word word word word word word word word word word word word word word word word word word word word word ",
    ),
    no(
        "Contains exactly 50 words",
        "word word word word word word word word word word word word word word word word word word word word word word word word word word word word word word word word word word word word word word word word word word word word word word word word word ",
    ),
    na("Haiku form", "a\nb\nc", "no deterministic check confirms it"),
    na(
        "Is a haiku",
        "Cherry blossoms drift\nacross the still garden pond\nsoft rain wakes the buds",
        "no deterministic check confirms it",
    ),
    na("Rhymes", "cat\nhat", "no deterministic check confirms it"),
    na("Uses rhyme", "cat\nhat", "no deterministic check confirms it"),
    na("Is in English", "Hello there.", "no deterministic check confirms it"),
    na_or_no("Is written in French", "Hello there.", "no deterministic check confirms it"),
    na("Uses American English", "color", "no deterministic check confirms it"),
    na("Written in the first person", "I ran.", "no deterministic check confirms it"),
    na("Addresses the reader as you", "You will love it.", "no deterministic check confirms it"),
    na("Uses the second person", "You will love it.", "no deterministic check confirms it"),
    na("Spells the product name correctly", "LockPro", "no deterministic check confirms it"),
    na("Uses title case in the headline", "# Big News", "no deterministic check confirms it"),
    na("Is polite", "Please.", "no deterministic check confirms it"),
    na("Sounds human", "Hi.", "no deterministic check confirms it"),
    na("Is not repetitive", "Hi.", "no deterministic check confirms it"),
    na_or_no("Does not repeat itself", "Hi. Hi.", "no deterministic check confirms it"),
    no_or_na("No repeated sentences", "Hi. Hi."),
    ok_or_na("Has a subject line", "Subject: Hi\nBody"),
    no_or_na("Includes a subject line", "Body only"),
    ok_or_na("Signed by Anna", "Best,\nAnna"),
    na("Is signed", "Best,\nAnna", "no deterministic check confirms it"),
    # --- stuffed sentences, figures of speech, and whole drafts of the common kinds -------------------------
    no_or_na("Mentions the price", STUFFED_ISSUE),
    ok("Mentions $49", STUFFED_ISSUE),
    ok("Mentions the price", "The price is $49 and the launch date is March 3."),
    ok("Mentions the date", "The price is $49 and the launch date is March 3."),
    ok("Mentions the date", "Date and time: Friday, 7 pm."),
    ok("Mentions the price", "Price: $49. Colour: red."),
    ok_or_na("Mentions the price", "Price and availability: $49, in stock."),
    no_or_na("Mentions the deadline", "We will cover the deadline, the date and the link on Friday."),
    ok_or_na("Includes a link", "Links and contacts: https://x.io"),
    ok("Mentions the price", "It costs $49, and the price includes shipping."),
    ok_or_na("Mentions the price", "Benefits, features and price: light, strong, $49."),
    no("Contains at least two sensory details", "Warm regards and a bright future to all; the cold call went well."),
    ok("Contains at least two sensory details", "The warm sand and the salty wind."),
    ok("Under 60 words", ANNOUNCE_LOCK),
    ok("Mentions the price", ANNOUNCE_LOCK),
    no("Mentions the price", ANNOUNCE_TEASER),
    ok("Includes a call to action", ANNOUNCE_LOCK),
    no("Includes a call to action", ANNOUNCE_TEASER),
    ok_or_na("Includes the product name, LockPro X", ANNOUNCE_LOCK),
    ok_or_na("Includes the product name LockPro X", ANNOUNCE_LOCK),
    ok_or_na("Mentions the launch date", ANNOUNCE_LOCK),
    no_or_na("Mentions the launch date", ANNOUNCE_TEASER),
    ok_or_na("Mentions the weight", ANNOUNCE_LOCK),
    ok_or_na("States the weight in grams", ANNOUNCE_LOCK),
    ok("Ends with a call to action", ANNOUNCE_LOCK),
    ok("Ends with an exclamation mark", ANNOUNCE_LOCK),
    ok("Uses exactly one exclamation mark", ANNOUNCE_LOCK),
    na_or_no("Has a headline", ANNOUNCE_LOCK, "no deterministic check confirms it"),
    na("Is exciting", ANNOUNCE_LOCK, "no deterministic check confirms it"),
    ok_or_na("Does not use jargon", ANNOUNCE_LOCK, "no deterministic check confirms it"),
    ok_or_na("Does not mention competitors", ANNOUNCE_LOCK, "no deterministic check confirms it"),
    ok("Includes a link", ANNOUNCE_LOCK),
    ok_or_na("Mentions the first 500 locks", ANNOUNCE_LOCK),
    na("Mentions the number of locks in the first batch", ANNOUNCE_LOCK, "no deterministic check confirms it"),
    ok("Opens with a greeting", EMAIL_FREEZE),
    no_or_na("Opens with a greeting", EMAIL_TERSE),
    ok("Ends with a sign-off", EMAIL_FREEZE),
    no_or_na("Ends with a sign-off", EMAIL_TERSE),
    na("States when the freeze starts and ends", EMAIL_FREEZE, "no deterministic check confirms it"),
    ok_or_na("Mentions the deadline for merges", EMAIL_FREEZE),
    no_or_na("Mentions the deadline", EMAIL_TERSE),
    ok_or_na("Asks a question", EMAIL_FREEZE),
    na("Invites questions", EMAIL_FREEZE, "no deterministic check confirms it"),
    ok("Is under 100 words", EMAIL_FREEZE),
    ok("Mentions Friday", EMAIL_FREEZE),
    no("Mentions Friday", EMAIL_TERSE),
    ok("Cites a statistic", SUMMARY_REMOTE),
    ok("Mentions productivity", SUMMARY_REMOTE),
    na("Mentions both benefits and drawbacks", SUMMARY_REMOTE, "no deterministic check confirms it"),
    na("Is balanced", SUMMARY_REMOTE, "no deterministic check confirms it"),
    ok("Exactly three sentences", SUMMARY_REMOTE),
    ok("Mentions isolation", SUMMARY_REMOTE),
    no("Does not mention isolation", SUMMARY_REMOTE),
    ok_or_na("Is about remote work", SUMMARY_REMOTE),
    ok_or_na("Is about the moon", HAIKU_HARBOR),
    ok_or_na("Is about the harbor", HAIKU_HARBOR),
    ok("Exactly three lines", HAIKU_HARBOR),
    ok(
        "Has five tips",
        LIST_SLEEP,
        why="a numbered list of five tips. Was 'n/a' (no check then counted a list's items); a reviewer counts "
        "five: fixed in issue 38",
    ),
    ok_or_na("Is a numbered list", LIST_SLEEP),
    ok("Uses a numbered list", LIST_SLEEP),
    ok("Mentions caffeine", LIST_SLEEP),
    ok("Mentions screens", LIST_SLEEP),
    no("Mentions exercise", LIST_SLEEP),
    ok("Includes a time", LIST_SLEEP),
    ok("Has at least 5 bullet points", LIST_SLEEP),
    ok(
        "Has exactly 5 items",
        LIST_SLEEP,
        why="a numbered list of five tips. Was 'n/a' (no check then counted a list's items); a reviewer counts "
        "five: fixed in issue 38",
    ),
    ok("Defines a function is_palindrome", PY_PALINDROME),
    ok("Has a docstring", PY_PALINDROME),
    ok(
        "Uses type hints",
        PY_PALINDROME,
        why="is_palindrome(s: str) -> bool. Was 'n/a' (no check then read annotations); a reviewer sees them: issue 38",
    ),
    na("Ignores case", PY_PALINDROME, "no deterministic check confirms it"),
    na("Handles spaces", PY_PALINDROME, "no deterministic check confirms it"),
    ok("Is valid Python", PY_PALINDROME),
    na("Defines a function that checks for palindromes", PY_PALINDROME, "no deterministic check confirms it"),
    # --- imperative and hedged wordings, examples, conditions, neither/nor ------------------------------
    ok("Include the price", ANNOUNCE_LOCK),
    no("Mention the price.", "A great lock."),
    ok_or_na("Make sure to mention the price", ANNOUNCE_LOCK),
    ok_or_na("Be sure to include a link", ANNOUNCE_LOCK),
    ok_or_na("Don't forget the price", ANNOUNCE_LOCK),
    ok_or_na("Please mention the price", ANNOUNCE_LOCK),
    ok_or_na("Should have a CTA", ANNOUNCE_LOCK),
    ok("Must contain the word 'lock'", ANNOUNCE_LOCK),
    no("Must contain the word 'lock'", "A great chain."),
    na("Avoid jargon", ANNOUNCE_LOCK, "no deterministic check confirms it"),
    na("Don't mention competitors", ANNOUNCE_LOCK, "no deterministic check confirms it"),
    no("End with a question", ANNOUNCE_LOCK),
    no_or_na("Start with a greeting", ANNOUNCE_LOCK),
    ok("Use the word ocean", "The ocean."),
    na("Keep it short", ANNOUNCE_LOCK, "no deterministic check confirms it"),
    ok(
        "Keep it under 50 words",
        ANNOUNCE_LOCK,
        why="48 words as a person counts them (the web address is one word). Was 'fail': the grader then split "
        "'lockpro.example/x' into three words and counted 50; fixed in issue 38 (a word is a run between spaces)",
    ),
    ok_or_na("**Mentions** the price", ANNOUNCE_LOCK),
    ok_or_na("Mentions the price (in USD)", ANNOUNCE_LOCK),
    ok_or_na("Mentions the price (e.g. $49)", ANNOUNCE_LOCK),
    ok_or_na("Mentions the price, e.g. $49", ANNOUNCE_LOCK),
    na("Mentions the price but not the discount", ANNOUNCE_LOCK, "no deterministic check confirms it"),
    no_or_na("Mentions the price but not the date", ANNOUNCE_LOCK),
    ok("Mentions either the price or the date", ANNOUNCE_LOCK),
    no("Mentions neither the price nor the date", ANNOUNCE_LOCK),
    ok_or_na("Mentions neither the price nor the date", "A good lock."),
    na("If it mentions a price, the price is in dollars", ANNOUNCE_LOCK, "no deterministic check confirms it"),
    na("Mentions the price if known", ANNOUNCE_LOCK, "no deterministic check confirms it"),
    na("Mentions the price where relevant", "A good lock.", "no deterministic check confirms it"),
    ok_or_na("Mentions the price; mentions the date", ANNOUNCE_LOCK),
    ok("Mentions “LockPro X”", ANNOUNCE_LOCK),
    no("Mentions ‘LockPro X’", "LockPro is here."),
    ok_or_na("mentions lockpro x", ANNOUNCE_LOCK),
    ok("Mentions LOCKPRO X", ANNOUNCE_LOCK),
    ok("Mentions the bike lock", ANNOUNCE_LOCK),
    no("Mentions the bike lock", "The chain is strong."),
    na("Mentions the lock's weight", ANNOUNCE_LOCK, "no deterministic check confirms it"),
    ok("Mentions the weight (400 g)", ANNOUNCE_LOCK),
    no("Mentions the weight (400 g)", "It weighs 450 g."),
    ok("Mentions 400 g", ANNOUNCE_LOCK),
    ok("Mentions the number 500", ANNOUNCE_LOCK),
    ok("Mentions 500 locks", ANNOUNCE_LOCK),
    na_or_no("Mentions the first 500 customers", ANNOUNCE_LOCK, "no deterministic check confirms it"),
    ok("Mentions bolt cutters", ANNOUNCE_LOCK),
    ok_or_na("Mentions a jersey pocket", ANNOUNCE_LOCK),
    ok("Mentions pre-orders", ANNOUNCE_LOCK),
    ok("Does not use the word 'cheap'", ANNOUNCE_LOCK),
    na("Does not mention a discount", ANNOUNCE_LOCK, "no deterministic check confirms it"),
    na("Does not include a discount", ANNOUNCE_LOCK, "no deterministic check confirms it"),
    na("Does not offer a discount", ANNOUNCE_LOCK, "no deterministic check confirms it"),
    na_or_no("Does not use superlatives", ANNOUNCE_LOCK, "no deterministic check confirms it"),
    na("Does not make claims it cannot prove", ANNOUNCE_LOCK, "no deterministic check confirms it"),
    na("Does not exaggerate", ANNOUNCE_LOCK, "no deterministic check confirms it"),
    ok_or_na("Avoids hype words like 'revolutionary'", ANNOUNCE_LOCK),
    no_or_na("Avoids hype words like 'lightest'", ANNOUNCE_LOCK),
    ok_or_na("Avoids words like 'amazing' and 'incredible'", ANNOUNCE_LOCK),
    no("Avoids 'very'", "Very nice."),
    ok("Avoids 'very'", "Nice."),
    no("No exclamation marks!", ANNOUNCE_LOCK),
    na("No ALL CAPS", ANNOUNCE_LOCK, "no deterministic check confirms it"),
    ok("No more than one link", ANNOUNCE_LOCK),
    no("At most one link", ANNOUNCE_LOCK + " Also see https://x.io"),
    na("Contains a URL to the product page", ANNOUNCE_LOCK, "no deterministic check confirms it"),
    ok_or_na("Links to lockpro.example/x", ANNOUNCE_LOCK),
    no_or_na("Links to lockpro.example/x", "Visit lockpro.example/y"),
    ok("Includes lockpro.example/x", ANNOUNCE_LOCK),
    # --- a call to action offered only on a condition -----------------------------------------------------
    na_or_no(
        "Includes a call to action",
        "If you have questions, just reply to this message.",
        "an invitation on a condition: reviewers differ on whether it is the call to action",
    ),
    na_or_no(
        "Includes a call to action",
        "You are warmly invited to the summer picnic. Questions are welcome: just reply to this message.",
        "an invitation on a condition: reviewers differ on whether it is the call to action",
    ),
    ok("Includes a call to action", "Sign up today. If you have questions, reply here."),
    # --- list items as sentences, letters, punctuation marks, values after a kind noun --------------------
    no_or_na("Exactly one sentence", "- Buy milk\n- Walk the dog\n- Call mom"),
    no_or_na("At most two sentences", "- Buy milk\n- Walk the dog\n- Call mom"),
    ok("Exactly one sentence", "It costs $4.99 and ships today."),
    ok("Exactly two sentences", "Version 2.0 is out. Update now."),
    ok("Exactly two sentences", "Mr. Smith arrived. He sat."),
    no_or_na("Exactly two sentences", "Wait... what? No!"),
    ok("Exactly three lines", "a\n\nb\n\nc"),
    ok("Exactly three lines", "a\nb\nc\n"),
    ok("At most 5 words", "well-known e-mail tips"),
    no("At most 5 words", "I can't won't don't shouldn't wouldn't couldn't"),
    ok("Exactly 4 words", "It's a dog's life"),
    ok("Is valid JSON", '```\n{"a": 1}\n```'),
    no("Is valid JSON", ""),
    ok(
        "Is valid JSON matching this schema:",
        '{"name": "A", "age": 3}',
        attachment='{"type": "object", "required": ["name"]}',
    ),
    na_or_no(
        "Is valid JSON matching this schema:",
        '{"name": "A"}',
        "no deterministic check confirms it",
        attachment='{"type": "object", "required": ["name"}',
    ),
    no_or_na("Has sections: Intro, Body", "## Introduction\nx\n## Body\ny"),
    ok("Matches the regex /^\\d+$/", "123"),
    no("Matches the regex /^\\d+$/", "12a"),
    na_or_no("Matches the regex /(/", "x", "no deterministic check confirms it"),
    ok("Contains the letter z", "A zebra."),
    no("Contains the letter z", "A horse."),
    ok_or_na("Uses the letter q at least twice", "quick quiet"),
    na("Every word starts with s", "Some snakes sleep", "no deterministic check confirms it"),
    na("Is written in lowercase", "all lower", "no deterministic check confirms it"),
    na_or_no("Is all lowercase", "All lower", "no deterministic check confirms it"),
    no_or_na("Contains no uppercase letters", "All lower"),
    no_or_na("Contains no commas", "a, b"),
    ok_or_na("Contains no commas", "a b"),
    no_or_na("Uses no semicolons", "a; b"),
    no_or_na("Does not use the em dash", "a — b"),
    ok_or_na("Does not use em dashes", "a, b"),
    ok_or_na("Uses British spelling (colour)", "The colour."),
    ok_or_na("Mentions the colour red", "A red lock."),
    no_or_na("Mentions the colour red", "A blue lock."),
    na("Mentions at least one colour", "A red lock.", "no deterministic check confirms it"),
    # --- two asks in one criterion; counts and more; hedged counts; compound topics -----------------------
    ok("Mentions the price and includes a link", ANNOUNCE_LOCK),
    no("Mentions the price and includes a link", "It costs $49."),
    ok_or_na("Mentions the price and is under 100 words", ANNOUNCE_LOCK),
    no_or_na("Mentions the price and is under 100 words", "A good lock.", why="no price; the count comes first"),
    ok_or_na("Mentions the price and ends with a call to action", ANNOUNCE_LOCK),
    ok_or_na("Includes a link and mentions the weight", ANNOUNCE_LOCK),
    ok_or_na("Mentions the price, the weight and the launch date", ANNOUNCE_LOCK),
    na_or_no("Mentions the price, the colour and the size", ANNOUNCE_LOCK, "no deterministic check confirms it"),
    na("Mentions Paris and is about travel", "Paris is lovely.", "no deterministic check confirms it"),
    ok_or_na("Exactly three lines, all about spring", HAIKU),
    na_or_no("Three lines, each with a color", HAIKU, "no deterministic check confirms it"),
    na_or_no("At most 20 words, no adjectives", HAIKU, "no deterministic check confirms it"),
    ok_or_na("At least 3 sentences, one of them a question", "One. Two. Three?"),
    no_or_na("At least 3 sentences, one of them a question", "One. Two."),
    ok_or_na("Under 50 words with a call to action", "Buy now."),
    na_or_no("Under 50 words with a call to action", "A lock.", "no deterministic check confirms it"),
    na("Two sentences that rhyme", "I see a cat. It wears a hat.", "no deterministic check confirms it"),
    na("One line per item", "- a\n- b", "no deterministic check confirms it"),
    ok_or_na("Five lines, each starting with a capital", "A\nB\nC\nD\nE"),
    no_or_na("Five lines, each starting with a capital", "A\nB"),
    ok_or_na("A 3-line poem", HAIKU),
    no_or_na("A 4-line poem", HAIKU),
    ok_or_na("A two-sentence summary", "One. Two."),
    no_or_na("A 100-word summary", "Too short."),
    no_or_na("Around 100 words, give or take 10", "Too short."),
    ok_or_na("Ideally under 50 words", "Short."),
    ok_or_na("Preferably three lines", HAIKU),
    ok("Should be 3 lines or fewer", HAIKU),
    no("Is three lines or fewer", "a\nb\nc\nd"),
    ok_or_na("Limit: 50 words", "Short."),
    no_or_na("Word limit: 10", "This has more than ten words in it without any doubt at all."),
    ok_or_na("50-word limit", "Short."),
    no("Max. 3 sentences", "One. Two. Three. Four."),
    no("Minimum 2 sentences", "One."),
    ok("No more than 280 characters", "x"),
    ok("Fewer than 5 exclamation marks", "Wow!"),
    ok_or_na("Between two and four bullet points", "- a\n- b\n- c"),
    no_or_na("Between two and four bullet points", "- a"),
    na("Is about the sea, not the land", "The sea is calm. Waves roll.", "no deterministic check confirms it"),
    ok_or_na("Is mainly about the ocean", "The ocean is vast. Waves roll in."),
    ok_or_na("Is primarily about dogs", "The dog barks. A puppy plays."),
    ok_or_na("Is about dogs or cats", "The dog barks. A puppy plays."),
    na("Mentions dogs in passing", "The dog barks.", "no deterministic check confirms it"),
    na("Is not about politics", "The dog barks.", "no deterministic check confirms it"),
    no_or_na("Is not about dogs", "The dog barks. The dog plays."),
    # --- tests and schemas in other words, formats, prices per unit, links, contacts -------------------------
    ok(
        "Passes the following tests:",
        "```python\ndef add(a, b):\n    return a + b\n```",
        attachment="assert add(1, 2) == 3\nassert add(-1, 1) == 0",
    ),
    ok(
        "Must pass these unit tests:",
        "```python\ndef add(a, b):\n    return a + b\n```",
        attachment="assert add(1, 2) == 3\nassert add(-1, 1) == 0",
    ),
    ok_or_na(
        "All of these tests pass:",
        "```python\ndef add(a, b):\n    return a + b\n```",
        attachment="assert add(1, 2) == 3\nassert add(-1, 1) == 0",
    ),
    no(
        "Passes these tests:",
        "```python\ndef add(a, b):\n    return a - b\n```",
        attachment="assert add(1, 2) == 3\nassert add(-1, 1) == 0",
    ),
    no("Passes these tests:", "No code here.", attachment="assert add(1, 2) == 3\nassert add(-1, 1) == 0"),
    no(
        "Passes these tests:",
        "```python\ndef add(a, b):\n    raise NotImplementedError\n```",
        attachment="assert add(1, 2) == 3\nassert add(-1, 1) == 0",
    ),
    ok(
        "Is valid JSON matching this schema:",
        '```json\n{"name": "A"}\n```',
        attachment='```json\n{"type": "object", "required": ["name"]}\n```',
    ),
    ok_or_na("Contains a date in ISO format (YYYY-MM-DD)", "Due 2026-03-03."),
    no_or_na("Contains a date in ISO format (YYYY-MM-DD)", "Due March 3."),
    ok_or_na("Uses the date format DD/MM/YYYY", "03/04/2026"),
    ok_or_na("Mentions the time in 24-hour format", "At 14:30."),
    ok_or_na("Includes a time zone", "At 14:30 UTC."),
    ok("Mentions UTC", "At 14:30 UTC."),
    ok_or_na("Gives the price in euros", "It costs €10."),
    no_or_na("Gives the price in euros", "It costs $10."),
    ok_or_na("States the price per month", "$5 per month."),
    ok_or_na("Includes a discount percentage", "Save 20% now."),
    ok("Mentions a percentage", "Save 20% now."),
    no("Mentions a percentage", "Save a lot now."),
    ok_or_na("Includes a statistic with its source", "40% of riders (Bike Survey 2024)."),
    ok_or_na("Cites a source", "According to the 2024 Bike Survey, 40% lock only the frame."),
    ok_or_na("Includes a URL to a source", "See https://survey.example/2024."),
    no("Includes at least one link", "No links."),
    ok("Includes two links", "a https://a.io b https://b.io"),
    no("Includes two links", "a https://a.io"),
    ok("Includes an email address or a phone number", "Call 555-013-4477."),
    no("Includes an email address and a phone number", "Call 555-013-4477."),
    ok_or_na("Gives contact details", "Call 555-013-4477."),
    ok_or_na("Includes contact information", "Call 555-013-4477."),
)


# ---------------------------------------------------------------------------------------------- grading


@dataclass(frozen=True)
class Outcome:
    """The offline grader's verdict on one row."""

    row: Row
    verdict: str
    gap: str
    check: str
    """The check record in one line ('price pattern: ... (looked for ...)')."""

    @property
    def false_pass(self) -> bool:
        """A ✔ where the truth is ✘ or n/a."""
        return self.verdict == "pass" and self.row.truth != "pass"

    @property
    def false_fail(self) -> bool:
        """A ✘ where the draft meets the criterion, or where no check can tell and ✘ is not also honest."""
        return self.verdict == "fail" and "fail" not in self.row.accepted

    @property
    def expected(self) -> bool:
        """The verdict is one the row accepts, or the one it records as known."""
        return self.verdict in self.row.accepted or (bool(self.row.known) and self.verdict == self.row.known)


def grade(row: Row) -> Outcome:
    """Grade one row the way the offline grader grades a criterion in a pass."""
    from rubric_core.checks.phrasing import Draft
    from rubric_core.models.offline import grade_criterion
    from rubric_core.rubric import Criterion
    from rubric_core.verdicts import check_text

    record = grade_criterion(
        Criterion(row.criterion, 1, attachment=row.attachment), Draft(text=row.draft), tool_answers=row.tools
    )
    return Outcome(row, record["verdict"], record.get("gap", ""), check_text(record["check"]))


def grade_all(rows: tuple[Row, ...] = ROWS) -> list[Outcome]:
    return [grade(row) for row in rows]


def confusion(outcomes: list[Outcome]) -> dict[tuple[str, str], list[Outcome]]:
    """(truth, grader verdict) -> the rows in that cell."""
    cells: dict[tuple[str, str], list[Outcome]] = {(t, v): [] for t in VERDICTS for v in VERDICTS}
    for outcome in outcomes:
        cells[(outcome.row.truth, outcome.verdict)].append(outcome)
    return cells


def matrix_text(outcomes: list[Outcome]) -> str:
    """The 3x3 confusion matrix (rows: truth; columns: the grader), then the false-pass and false-fail counts."""
    cells = confusion(outcomes)
    width = 12
    lines = ["truth \\ grader".ljust(16) + "".join(v.rjust(width) for v in VERDICTS) + "total".rjust(width)]
    for t in VERDICTS:
        counts = [len(cells[(t, v)]) for v in VERDICTS]
        lines.append(t.ljust(16) + "".join(str(c).rjust(width) for c in counts) + str(sum(counts)).rjust(width))
    false_passes = sum(o.false_pass for o in outcomes)
    false_fails = sum(o.false_fail for o in outcomes)
    lines.append("")
    lines.append(f"rows: {len(outcomes)}; false passes: {false_passes}; false fails: {false_fails}")
    return "\n".join(lines)


def cell_text(outcomes: list[Outcome]) -> str:
    """The rows behind each off-diagonal cell, one line each."""
    out: list[str] = []
    for (t, v), items in confusion(outcomes).items():
        if t == v or not items:
            continue
        out.append(f"truth {t}, grader {v} ({len(items)}):")
        for o in items:
            mark = "FALSE PASS " if o.false_pass else ("FALSE FAIL " if o.false_fail else "")
            draft = o.row.draft.replace("\n", " / ")
            draft = draft if len(draft) <= 70 else draft[:69] + "…"
            out.append(f"  {mark}{o.row.criterion!r} on {draft!r}: {o.check}")
    return "\n".join(out)
