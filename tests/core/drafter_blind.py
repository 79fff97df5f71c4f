r"""My reading of the blind drafter cases (tests/core/drafter_blind_cases.py, written by a person who never read the
drafter), as patterns a drafted line must or must not match.

The cases give constraints and expectations in plain words; a drafter may word a criterion its own way. Below,
per case and in the order of its `constraints`, the criterion text I judge acceptable, as a regex over each
drafted line (rubric lines, lines left to an LLM grader and lines held back as conflicting, quotes normalised to
straight ones, case-insensitive unless marked `(?-i:...)`); per `must_not_propose` line, a regex (or a function of
the draft) that finds that wrong line; per `conflicts` pair, the two wordings that cannot both stand in the
rubric. These were written before the new drafter was run, from the plain meaning of each constraint, and are not
changed to fit a drafter. Scored by tests/core/drafter_blind_score.py; printed by bench/drafter.py.

Fixed after the first run of the new drafter, where a pattern did not say what its line says (each checked against
main's drafter: its figures did not move):
- bio-ibanez-walsh, must-not "names her Dr. Lena K. (surname dropped)": `Lena K\.?(?! Ibáñez-Walsh)` also matched
  the whole name (the optional dot let "Lena K" match before ". Ibáñez-Walsh"); now `(?!\.? Ibáñez-Walsh)`.
- octopus-facts, "gives exactly ten facts": "Exactly 10 fun facts" is that; the unit now allows "fun facts".
- The polarity test (`prohibition`): a "not" in another clause of the line ("email (unique, not null) and
  created_at") no longer makes created_at a prohibition.

Modes of a constraint:
- K: kept when a line matches and is not a prohibition; a prohibition that matches inverts it.
- N: kept when a prohibition matches ("Does not ...", "No ...", "Avoids ..."); a line that matches and is not a
  prohibition inverts it.
- A: kept when a line matches, whatever its polarity (the pattern itself carries the meaning).
- L: a judgement left to an LLM grader: kept when a line matches (the drafter should list it apart).
Several patterns: each must be found, in any of the lines. `implied=True`: a genre's constraint the drafter may
leave out (not counted as dropped).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

_WORDS = {
    1: "one|a single|1",
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
    12: "twelve",
    14: "fourteen",
    19: "nineteen",
    20: "twenty",
}


def num(n: int) -> str:
    """n in digits or words."""
    return f"(?:{n}|{_WORDS[n]})" if n in _WORDS else str(n)


def under(n: int, unit: str) -> str:
    """'under n units' in any usual wording (at most n-1 included)."""
    u = rf"(?:{unit})s?\b"
    return (
        rf"(?:under|fewer than|less than|below|shorter than) {num(n)} {u}"
        rf"|(?:at most|no more than|up to|max(?:imum)?(?: of)?|not more than) {num(n - 1)} {u}"
        rf"|{num(n - 1)} {u} or (?:fewer|less)"
    )


def at_most(n: int, unit: str) -> str:
    u = rf"(?:{unit})s?\b"
    return (
        rf"(?:at most|no more than|up to|max(?:imum)?(?: of)?|not more than|not exceed\w*|no longer than) {num(n)} {u}"
        rf"|{num(n)} {u} or (?:fewer|less)|(?:under|fewer than|less than) {num(n + 1)} {u}"
    )


def at_least(n: int, unit: str) -> str:
    u = rf"(?:{unit})s?\b"
    return rf"(?:at least|no fewer than|minimum(?: of)?|more than {num(n - 1)}) {num(n)}? ?{u}|{num(n)} {u} or more"


def between(a: int, b: int, unit: str) -> str:
    u = rf"(?:{unit})s?\b"
    return rf"(?:between )?{num(a)} ?(?:and|to|-|–) ?{num(b)} {u}"


def exactly(n: int, unit: str) -> str:
    """Exactly n units: "Exactly 3 bullet points", or a bare "3 bullet points" not part of a range or bound."""
    u = rf"(?:{unit})s?\b"
    return (
        rf"\bexactly {num(n)} {u}"
        rf"|^(?:(?:it |the text )?(?:has|is|gives|contains|includes|lists|uses|writes) )?{num(n)} {u}(?!\s*(?:or|to|and|-))"
    )


@dataclass(frozen=True)
class Want:
    """One constraint's acceptable criterion."""

    mode: str
    patterns: tuple[str, ...]
    implied: bool = False


def K(*patterns: str, implied: bool = False) -> Want:
    return Want("K", patterns, implied)


def N(*patterns: str, implied: bool = False) -> Want:
    return Want("N", patterns, implied)


def A(*patterns: str, implied: bool = False) -> Want:
    return Want("A", patterns, implied)


def L(*patterns: str, implied: bool = False) -> Want:
    return Want("L", patterns, implied)


@dataclass(frozen=True)
class Bad:
    """One must-not line: a pattern (with `positive`, only a line that is not a prohibition counts; with
    `negative`, only a prohibition), or a function of the draft's lines."""

    pattern: str = ""
    positive: bool = False
    negative: bool = False
    test: Callable[[Any], bool] | None = None


def M(pattern: str = "", *, pos: bool = False, neg: bool = False, test: Callable[[Any], bool] | None = None) -> Bad:
    return Bad(pattern, pos, neg, test)


@dataclass(frozen=True)
class Case:
    wants: tuple[Want, ...]
    bad: tuple[Bad, ...]
    conflicts: tuple[tuple[str, str], ...] = ()
    """Per conflict pair: the two wordings that may not both be rubric lines."""


NEGATION = re.compile(
    r"\b(?:not|no|never|without|avoid\w*|free of|none|nothing|omit\w*|exclud\w*|zero|neither|nor|bans?)\b|n't\b",
    re.IGNORECASE,
)


def prohibition(line: str, start: int) -> bool:
    """Whether a negation word governs position `start` of the line: it stands before it, in the same clause (no
    comma, semicolon, bracket or "and" between them: "email (unique, not null) and created_at" does not forbid
    created_at)."""
    before = line[:start]
    found = list(NEGATION.finditer(before))
    last = found[-1] if found else None
    return last is not None and not re.search(r"[,;()]|\band\b", before[last.end() :])


def _bans(draft: Any, word: str) -> bool:
    return any(
        re.search(rf"\b{word}\b", x, re.I) and prohibition(x, re.search(word, x, re.I).start()) for x in draft.all
    )  # type: ignore[union-attr]


_QUESTION_END = (
    r"^(?:it |the \w+ )?(?:ends|closes|finishes|concludes) (?:with|on|by asking) (?:a question|.*\?)(?!.*before)"
)
_QUESTION_END_ANY = (
    r"^(?:it |the \w+ )?(?:ends|closes|finishes|concludes) (?:with|on|by asking)(?!.*before)(?!.*(?:sign-off|signs? off))"
    r"|^(?:the )?(?:last|final) (?:sentence|line|character)(?!.* before)"
)

CASES: dict[str, Case] = {
    "email-late-shipment": Case(
        (
            K(r"apolog.*(?:late|ship|delay)"),
            K(r"Priya O'Neill"),
            K(r"#?48213(?!\d)"),
            K(under(120, "word")),
            N(r"refund"),
            K(r"(?:ends|closes|signs? off|sign-off|finish\w*|concludes).*Best regards, the Lumen Team"),
        ),
        (
            M(r"refund", pos=True),
            M(r"Best regards(?!, the Lumen Team)"),
            M(at_least(120, "word")),
            M(r"#?4821(?!\d)"),
            M(r"\bPriya (?!O'Neill)|(?<!O')\bNeill\b"),
        ),
    ),
    "linkedin-new-head-of-design": Case(
        (
            K(r"Mara Chen-Ruiz", r"Head of Design"),
            K(between(50, 80, "word")),
            N(r"hashtag"),
            K(r"(?:ends|closes|finish\w*|concludes|last sentence).*welcom"),
        ),
        (
            M(r"hashtag", pos=True),
            M(r"^(?!.*\b50\b).*(?:at most|no more than|up to|under|fewer than) (?:80|81) words"),
            M(between(50, 800, "word")),
            M(r"Mara Chen(?!-Ruiz)"),
            M(r"Head of Marketing"),
        ),
    ),
    "sms-dr-okafor": Case(
        (
            K(r"Okafor", r"appointment|remind"),
            K(r"14 May"),
            K(r"9:30 ?am"),
            K(under(160, "character")),
            K(r"020 7946 0123"),
        ),
        (M(r"160 words"), M(r"14 March"), M(r"9:30 ?pm"), M(r"020 7946 012(?!3)")),
    ),
    "slack-missed-standup": Case(
        (K(r"apolog.*stand-?up"), L(r"casual"), K(at_most(3, "sentence")), N(r"emoji")),
        (M(exactly(3, "sentence")), M(at_least(3, "sentence")), M(r"emoji", pos=True), M(r"\bformal")),
    ),
    "support-cancel-question-vs-signoff": Case(
        (
            K(r"cancel"),
            L(r"polite"),
            K(r"anything else|question"),
            K(r"Warm wishes, the Support Team"),
        ),
        (
            M(_QUESTION_END),
            M(r"Warm wishes(?!, the Support Team)"),
            M(r"anything else", neg=True),
        ),
        ((_QUESTION_END_ANY, r"Warm wishes, the Support Team"),),
    ),
    "newsletter-greeting-vs-statistic": Case(
        (
            K(r"Fernleaf Gardens"),
            K(r"(?:starts|begins|opens) with.*Hello friends!"),
            K(r"statistic.*bee|bee.*statistic"),
            K(r"(?:one|a single|exactly (?:one|1)|\b1) paragraph"),
        ),
        (
            M(
                r"^(?:it )?(?:starts|begins|opens|leads) with (?:a |an )?(?:surprising )?statistic|first sentence.*statistic"
            ),
            M(r"Hello(?! friends!)"),
            M(r"(?:two|2) paragraphs"),
            M(r"butterfl"),
        ),
        (
            (
                r"(?:starts|begins|opens) with.*Hello friends!",
                r"^(?:it )?(?:starts|begins|opens|leads) with (?:a |an )?(?:surprising )?statistic|^(?:the )?first sentence.*statistic",
            ),
        ),
    ),
    "decline-meeting-jordan": Case(
        (K(r"declin", r"Friday"), L(r"polite"), K(r"Monday", r"Tuesday"), N(r"vacation")),
        (M(r"vacation", pos=True), M(r"\baccepts"), M(r"afternoon"), M(r"3 ?am")),
    ),
    "condolence-note": Case(
        (
            K(r"condolence|sympath"),
            K(r"brief|short|(?:at most|under|fewer than|no more than|between \w+ and) \w+ (?:sentences|words)"),
            L(r"sincere"),
            N(r"he's in a better place"),
        ),
        (
            M(r"he's in a better place", pos=True),
            M(r"he's in(?! a better place)"),
            M(r"(?:word|say\w*|uses?) \"?better\"?(?! than)(?! place)", neg=True),
            M(at_least(300, "word")),
        ),
    ),
    "thank-you-note-grandpa-joe": Case(
        (
            K(r"drawing"),
            K(r"(?:ends|closes|signs? off|sign-off|finish\w*|concludes).*Love, Grandpa Joe"),
            K(r"visit"),
        ),
        (
            M(_QUESTION_END + r"|last sentence is a question$"),
            M(r"\bLove\b(?!, Grandpa Joe)"),
            M(r"\bcards?\b"),
        ),
        ((r"Love, Grandpa Joe", _QUESTION_END_ANY),),
    ),
    "podcast-pitch-hive-minds": Case(
        (
            K(r"Hive Minds"),
            K(r"subject line|subject:"),
            K(under(150, "word")),
            K(r"rooftop hive"),
            K(r"15-minute call|15 minute call|fifteen-minute call"),
        ),
        (M(r"150 characters"), M(r"30-minute"), M(exactly(150, "word")), M(r"honey")),
    ),
    "team-lunch-no-need-budget": Case(
        (K(r"Nando's"), K(r"12 July", r"12:30"), K(r"RSVP", r"Wednesday"), K(r"dietary")),
        (M(r"budget", pos=True), M(r"budget", neg=True), M(r"RSVP by Friday"), M(r"12:00")),
    ),
    "tweet-black-friday": Case(
        (
            K(r"Black Friday"),
            K(r"30%"),
            K(r"Nov(?:ember|\.)? 29"),
            K(under(280, "character")),
            K(at_most(2, "emoji")),
            K(r"#BlackFriday"),
        ),
        (
            M(r"280 words"),
            M(at_least(2, "emoji")),
            M(
                r"^(?:it )?(?:has |contains |uses |includes )?(?:no|zero) emojis?|without emojis?|(?:does not|doesn't|never) (?:use|include|contain)s? (?:any )?emojis?"
            ),
            M(r"selected items"),
            M(r"Nov(?:ember)? 28"),
        ),
    ),
    "instagram-matcha-latte": Case(
        (
            K(r"matcha"),
            K(between(3, 5, "hashtag")),
            K(at_most(1, "emoji")),
            K(r"\$5\.25"),
            K(r"this week"),
        ),
        (
            M(r"^(?:it )?(?:has |contains |uses |includes )?(?:no|zero) hashtags?|without hashtags?"),
            M(exactly(1, "emoji")),
            M(at_least(1, "emoji")),
            M(r"\$5\.50"),
            M(r"^(?!.*\b(?:3|three)\b).*(?:at most|no more than|up to) (?:5|five) hashtags"),
        ),
    ),
    "subject-lines-spring-sale": Case(
        (
            K(exactly(6, "subject line")),
            K(r"spring sale"),
            K(
                r"(?:each|every).*(?:under|fewer than|less than) 40 characters|(?:each|every).*(?:at most|no more than) 39 characters"
            ),
            N(r"all caps|all-caps|all capitals|upper ?case"),
            K(r"at least (?:2|two)\b.*question"),
        ),
        (
            M(r"40 words"),
            M(r"all caps|all-caps", pos=True),
            M(r"exactly (?:2|two)\b.*question"),
            M(r"\b(?:5|five) subject lines"),
        ),
    ),
    "product-aurora-lamp": Case(
        (
            K(r"Aurora"),
            K(r"\$89\.99"),
            K(r"(?:3|three) brightness levels"),
            K(r"USB-C"),
            N(r"superlative"),
            N(r"\bbest\b"),
            N(r"\bperfect\b"),
        ),
        (
            M(r"\bbest\b|\bperfect\b", pos=True),
            M(r"\$89(?!\.99)"),
            M(r"(?:5|five) brightness"),
            M(test=lambda d: _bans(d, "best") and not _bans(d, "perfect")),
        ),
    ),
    "motivational-exact-phrase-curly": Case(
        (
            K(re.escape("Done is better than perfect — but perfect is better than nothing.")),
            K(under(100, "word")),
            L(r"motivat"),
        ),
        (
            M(r"Done is better than perfect(?! — but perfect is better than nothing)"),
            M(r"(?:over|more than|at least) 100 words"),
            M(r"Done is better than perfect -+ but"),
        ),
    ),
    "title-contradiction-sourdough": Case(
        (K(at_most(5, "word")), K(r"The Complete Beginner's Guide to Sourdough")),
        (
            M(
                test=lambda d: (
                    any(re.search(at_most(5, "word"), x, re.I) for x in d.criteria)
                    and any("The Complete Beginner's Guide to Sourdough" in x for x in d.criteria)
                )
            ),
            M(
                r"The Complete Beginner(?:'s Guide)?\"|The Complete Beginner's Guide(?! to Sourdough)|The Complete Beginner(?!'s)"
            ),
            M(r"50 words"),
        ),
        ((at_most(5, "word"), r"The Complete Beginner's Guide to Sourdough"),),
    ),
    "elevator-pitch-dog-walking": Case(
        (
            K(r"dog-walking|dog walking"),
            K(r"(?:under|fewer than|at most|no more than|less than) \d+ words|minute|short|brief", implied=True),
            L(r"persuasive", implied=True),
        ),
        (M(at_least(500, "word")), M(r"pricing table"), M(r"cat-sitting")),
    ),
    "job-post-barista": Case(
        (
            K(r"part-time barista|barista.*part-time|part-time.*barista"),
            K(r"Café Olé", r"Lyon"),
            K(r"€13\.50"),
            K(r"weekend"),
            A(r"no (?:prior )?experience|experience (?:is )?not (?:needed|required)"),
            N(r"rockstar"),
        ),
        (
            M(r"requires (?:prior )?(?:barista )?experience|experience (?:is )?required"),
            M(r"rockstar", pos=True),
            M(r"€13(?!\.50)"),
            M(r"full-time"),
        ),
    ),
    "cover-letter-hollis-grant": Case(
        (
            K(r"Hollis & Grant", r"data analyst"),
            K(r"one page|(?:under|fewer than|at most|no more than) (?:[1-4]\d\d) words"),
            K(r"\bSQL\b"),
            K(r"Tableau"),
            N(r"gap year"),
            K(r"(?:starts|begins|opens) with.*Dear Hiring Manager,"),
        ),
        (
            M(r"gap year", pos=True),
            M(r"at least (?:one|1) page"),
            M(r"Dear Sir or Madam"),
            M(r"Hollis(?! & Grant)"),
            M(r"Python"),
        ),
    ),
    "bio-ibanez-walsh": Case(
        (
            K(r"third[- ]person"),
            K(r"Lena K\. Ibáñez-Walsh"),
            K(r"marine biologist"),
            K(between(80, 100, "word")),
            K(r"2019 TED|TED.*2019"),
            N(r"joke"),
        ),
        (
            M(r"first[- ]person"),
            M(r"^(?!.*\b80\b).*(?:at most|no more than|up to|under|fewer than) (?:100|101) words"),
            M(r"2009"),
            M(r"Lena K\.?(?!\.? Ibáñez-Walsh)|(?<!Ibáñez-)\bWalsh\b"),
            M(r"joke", pos=True),
        ),
    ),
    "reference-letter-kwame": Case(
        (
            K(r"Kwame Mensah-Boateng"),
            K(r"June ?[–-] ?August 2023|June to August 2023"),
            L(r"reliab"),
            K(r"inventory dashboard"),
            K(under(250, "word")),
        ),
        (
            M(r"Kwame Mensah(?!-Boateng)"),
            M(r"2022"),
            M(r"(?:over|more than|at least) 250 words"),
            M(r"sales dashboard"),
        ),
    ),
    "release-notes-tidewater": Case(
        (
            K(r"Tidewater", r"(?-i:v?2\.4\.0)"),
            K(between(3, 5, "bullet point|bullet|bullet item|item")),
            K(
                r"(?:each|every|per) bullet.*(?:one|1|a single) sentence|(?:one|1|a single) sentence (?:each|per bullet)"
            ),
            K(r"CSV export"),
            N(r"dark mode"),
        ),
        (
            M(r"dark mode", pos=True),
            M(exactly(3, "bullet point|bullet")),
            M(r"^(?!.*\b(?:3|three)\b).*(?:at most|no more than|up to) (?:5|five) bullet"),
            M(r"(?:version|v)\s?2\.4(?!\.0)"),
            M(r"PDF"),
        ),
    ),
    "faq-bramble-coworking": Case(
        (
            K(r"Bramble Coworking"),
            K(exactly(5, "question")),
            K(
                r"(?:each|every) answer.*(?:at most|no more than|up to) (?:2|two) sentences|(?:each|every) answer.*(?:under|fewer than) (?:3|three) sentences"
            ),
            K(r"day pass"),
            K(r"\$25(?!\d)"),
            N(r"jargon"),
        ),
        (
            M(at_least(5, "question")),
            M(
                r"(?:each|every) answer.*exactly (?:2|two) sentences|^(?:it |the text )?(?:has |is )?exactly (?:2|two) sentences"
            ),
            M(r"\$250"),
            M(r"jargon", pos=True),
        ),
    ),
    "returns-faq-dont-forget": Case(
        (K(r"Can I return an item\?"), K(r"30-day|30 days|thirty"), N(r"\bfree\b")),
        (M(r"30-day|30 days", neg=True), M(r"returns are free|free returns", pos=True), M(r"60-day|60 days")),
    ),
    "store-notice-make-sure-not-to-leave-out": Case(
        (K(r"4 July"), K(r"hours"), N(r"\bsale\b")),
        (M(r"4 July|closure|closed", neg=True), M(r"\bsale\b", pos=True), M(r"4 June")),
    ),
    "agenda-budget-review": Case(
        (
            K(r"budget review"),
            K(r"bullet"),
            K(r"(?:each|every) item.*time|time allocation"),
            K(r"(?:add|sum|total).*45 minutes|45 minutes.*(?:total|in all)"),
            K(r"(?:last|final|ends).*Q&A|Q&A.*last"),
        ),
        (
            M(r"60 minutes"),
            M(r"(?:at most|under|no more than|up to) 45 minutes"),
            M(r"(?:first|starts|begins|opens).*Q&A"),
            M(r"numbered"),
        ),
    ),
    "router-reset-steps": Case(
        (K(r"Netgear"), K(r"numbered"), K(at_most(7, "step")), K(r"custom settings|erase")),
        (
            M(exactly(7, "step")),
            M(at_least(7, "step")),
            M(r"settings are kept|keeps custom settings"),
            M(r"bullet"),
        ),
    ),
    "changelog-1-3-2": Case(
        (
            K(r"Keep a Changelog"),
            K(r"1\.3\.2", r"2024-03-07"),
            K(r"(?-i:Added)"),
            K(r"(?-i:Fixed)"),
            N(r"other sections|(?-i:Changed|Removed|Deprecated|Security)"),
        ),
        (M(r"(?-i:Changed)", pos=True), M(r"2024-07-03"), M(r"1\.3(?!\.2)")),
    ),
    "upload-error-message": Case(
        (
            K(r"25 ?MB"),
            K(exactly(1, "sentence")),
            K(r"what to do|next step|call to action|tells the user|suggests?"),
            N(r"blam"),
        ),
        (M(r"25 ?GB"), M(r"blames", pos=True), M(exactly(2, "sentence"))),
    ),
    "essay-outline-four-day-week": Case(
        (
            K(r"four-day (?:work )?week"),
            K(r"intro"),
            K(r"(?:three|3) body sections"),
            K(r"(?:two|2) supporting points"),
            K(r"counter-?argument"),
            K(r"conclusion"),
            K(r"Roman numerals"),
        ),
        (M(r"(?:five|5) body"), M(r"at least (?:two|2) supporting"), M(r"Arabic"), M(r"counter-?argument", neg=True)),
    ),
    "abstract-microplastics": Case(
        (
            K(r"microplastic"),
            K(between(150, 200, "word")),
            N(r"citation"),
            N(r"first[- ]person"),
            K(r"(?:one|single|\b1) paragraph", implied=True),
        ),
        (
            M(r"^(?!.*\b150\b).*(?:at most|no more than|up to|under|fewer than) (?:200|201) words"),
            M(exactly(150, "word")),
            M(r"citation", pos=True),
            M(r"first[- ]person", pos=True),
        ),
    ),
    "summary-bike-lane": Case(
        (
            K(exactly(3, "bullet point|bullet")),
            K(r"faithful|accurate|7[–-]2|1\.2 miles|\$430,000|nothing added|correct"),
            K(r"shorter|(?:under|fewer than|at most) \d+ words", implied=True),
        ),
        (M(r"The city council voted 7"), M(r"(?:4|four) bullet"), M(r"2[–-]7")),
    ),
    "translate-pharmacy": Case(
        (
            K(r"translat\w*.*Where is the nearest pharmacy\?"),
            K(r"Spanish"),
            K(r"French"),
            K(r"German"),
            N(r"explanation"),
        ),
        (
            M(r"^(?:it )?(?:includes|contains|uses|mentions|quotes|says).*Where is the nearest pharmacy"),
            M(r"Italian"),
            M(r"explain\w* the grammar|^explains", pos=True),
        ),
    ),
    "explain-0999": Case(
        (K(r"0\.999"), L(r"high[- ]school"), K(at_most(1, "equation")), N(r"\blimit\b")),
        (M(exactly(1, "equation")), M(r"\blimit\b", pos=True), M(r"0\.99(?!9)")),
    ),
    "haiku-autumn-rain": Case(
        (
            K(r"autumn rain"),
            K(exactly(3, "line"), implied=True),
            K(r"5-7-5|5/7/5|5, 7,? and 5", implied=True),
        ),
        (M(r"(?:four|4) lines"), M(r"rhym", pos=True), M(r"7-5-7|7, 5,? and 7")),
    ),
    "limerick-sir-reginald": Case(
        (
            K(r"Sir Reginald Fluffington III"),
            K(exactly(5, "line"), implied=True),
            K(r"(?-i:AABBA)", implied=True),
        ),
        (M(r"(?:four|4) lines"), M(r"Sir Reginald(?! Fluffington III)"), M(r"(?-i:AABB)(?!A)")),
    ),
    "sonnet-sea": Case(
        (
            K(r"\bsea\b"),
            K(exactly(14, "line"), implied=True),
            K(r"rhyme scheme|(?-i:ABAB)|Shakespearean|Petrarchan", implied=True),
            L(r"iambic|pentameter", implied=True),
        ),
        (M(r"(?:12|twelve) lines"), M(r"free verse|no rhyme"), M(r"140 words")),
    ),
    "poem-lisbon-trams": Case(
        (K(r"Lisbon"), K(exactly(4, "line")), K(r"(?-i:ABAB)"), N(r"yellow")),
        (M(r"yellow", pos=True), M(at_least(4, "line")), M(r"(?-i:AABB)"), M(r"(?:14|fourteen) lines")),
    ),
    "acrostic-hope": Case(
        (
            K(exactly(4, "line"), implied=True),
            K(r"H,? O,? P,? (?:and )?E|(?-i:HOPE)|acrostic", implied=True),
            L(r"hope", implied=True),
        ),
        (M(r"(?:five|5) lines"), M(r"H, O, P, E, S"), M(r"(?-i:AABB)")),
    ),
    "bedtime-turtle": Case(
        (
            K(r"turtle"),
            L(r"4-year-old|four-year-old|child|young"),
            K(under(300, "word")),
            K(r"happy ending|ends happily"),
            N(r"monster"),
        ),
        (M(r"monster", pos=True), M(at_least(300, "word")), M(r"sad ending"), M(r"14-year-old")),
    ),
    "toast-anne-marie-tomas": Case(
        (
            K(r"Anne-Marie", r"Tomás"),
            K(r"(?:two|2) minutes|(?:under|fewer than|at most|no more than) \d+ words"),
            L(r"funny|humou?r"),
            N(r"embarrass"),
            K(r"Porto"),
            K(r"(?:ends|closes|finish\w*|concludes).*To Anne-Marie and Tomás!"),
        ),
        (
            M(r"embarrass", pos=True),
            M(r"To Anne-Marie(?! and Tomás!)"),
            M(r"at least (?:two|2) minutes"),
            M(r"Lisbon"),
        ),
    ),
    "dialogue-barista-robot": Case(
        (
            K(r"barista.*robot|robot.*barista|dialogue"),
            K(r"short|brief|(?:under|fewer than|at most|no more than) \d+ (?:words|lines)"),
            K(r"only (?:lines of )?dialogue|dialogue(?: lines)? only"),
            N(r"narrat"),
            K(r"Error: foam not found"),
        ),
        (
            M(r"\"Error\"|Error(?!: foam not found)"),
            M(r"barista says.*Error"),
            M(r"stage directions|narration", pos=True),
        ),
    ),
    "titles-lighthouse-mystery": Case(
        (
            K(between(3, 5, "title")),
            A(
                r"(?:each|every|no) title.*(?:at most|no more than|up to|longer than|over|more than) (?:six|6) words"
                r"|(?:each|every) title.*(?:under|fewer than) (?:seven|7) words"
            ),
            N(r"(?-i:Secret)"),
            L(r"lighthouse|mystery"),
        ),
        (M(exactly(5, "title")), M(r"(?:each|every) title.*at least (?:six|6)"), M(r"(?-i:Secret)", pos=True)),
    ),
    "card-grandma-90": Case(
        (
            K(r"birthday|grandma"),
            K(r"\b90\b|ninety"),
            K(
                r"short|brief|(?:at most|under|fewer than|no more than|between \w+ and) \w+ (?:sentences|words)",
                implied=True,
            ),
            L(r"warm", implied=True),
        ),
        (M(r"\b80\b|eighty"), M(at_least(300, "word")), M(r"\bformal")),
    ),
    "octopus-facts": Case(
        (
            K(r"octop"),
            K(exactly(10, "(?:fun )?fact|item|numbered item")),
            K(r"numbered"),
            K(
                r"(?:each|every) (?:fact|item).*(?:under|fewer than|less than) 20 words"
                r"|(?:each|every) (?:fact|item).*(?:at most|no more than) 19 words"
            ),
        ),
        (M(at_most(10, "fact")), M(r"bullet"), M(r"20 characters")),
    ),
    "review-reply-hotel-noise": Case(
        (K(r"noise"), N(r"defensive"), K(r"15%"), K(r"(?:one|a single|\b1) paragraph")),
        (M(r"defensive", pos=True), M(r"50%"), M(r"refund"), M(r"(?:two|2) paragraphs")),
    ),
    "recipe-vegan-banana-bread": Case(
        (
            A(r"vegan|animal product"),
            K(r"serves (?:8|eight)|(?:8|eight) (?:servings|people)"),
            N(r"\bnuts?\b"),
            K(r"grams|\bg\b"),
            K(at_most(6, "step")),
            K(r"ingredient", r"method|steps", implied=True),
        ),
        (M(r"\bnuts?\b", pos=True), M(exactly(6, "step")), M(r"serves (?:6|six)"), M(r"\bcups?\b")),
    ),
    "eiffel-without-height-year": Case(
        (K(r"Eiffel Tower"), K(r"(?:one|a single|\b1) paragraph"), N(r"height"), N(r"\byear\b")),
        (
            M(r"height|\b330\b", pos=True),
            M(r"1889|year it was built", pos=True),
            M(test=lambda d: _bans(d, "height") and not _bans(d, "year")),
        ),
    ),
    "subject-paperclip": Case((), (M(r"500 words"), M(r"Johan Vaaler"), M(r"heading"))),
    "subject-tidal-locking": Case((), (M(r"five-year-old|5-year-old"), M(r"300 words"), M(r"diagram"))),
    "subject-cats": Case((), (M(r"\bpoem\b"), M(r"200 words"), M(r"(?:5|five) paragraphs"))),
    "py-slugify": Case(
        (
            K(re.escape("slugify(title: str) -> str")),
            K(r"lower-?case"),
            K(r"hyphen"),
            K(r"punctuation"),
            N(r"third-party|external|librar"),
            K(r"docstring"),
            K(at_least(3, "(?:pytest )?test")),
        ),
        (
            M(r"third-party librar|python-slugify", pos=True),
            M(exactly(3, "(?:pytest )?test")),
            M(r"slug\(title"),
            M(r"returns a list"),
        ),
    ),
    "js-debounce": Case(
        (
            K(re.escape("debounce(fn, wait)")),
            K(r"returns.*debounced|debounced version"),
            N(r"external librar|lodash|third-party"),
            K(r"ES2020"),
            K(r"JSDoc"),
        ),
        (M(r"lodash", pos=True), M(r"throttle"), M(r"debounce\(fn\)")),
    ),
    "jest-add-tests": Case(
        (
            K(r"\bJest\b"),
            K(re.escape("add(a, b)")),
            K(r"negative"),
            K(r"\bzero\b"),
            K(re.escape("0.1 + 0.2")),
            K(at_least(4, "test(?: case)?")),
            N(r"mock"),
        ),
        (M(exactly(4, "test(?: case)?")), M(r"mock", pos=True), M(r"Mocha"), M(re.escape("0.1 + 0.3"))),
    ),
    "rust-parse-duration": Case(
        (
            K(re.escape("fn parse_duration(s: &str) -> Result<std::time::Duration, ParseError>")),
            K(r"\b90s\b"),
            K(r"\b5m\b"),
            K(r"\b2h\b"),
            K(r"empty"),
            N(r"unsafe"),
        ),
        (M(r"Option<"), M(r"panic"), M(r"unsafe", pos=True), M(r"s: String")),
    ),
    "bash-rsync-backup": Case(
        (
            K(r"\bbash\b"),
            K(r"~/projects", r"/mnt/backup"),
            K(r"(?-i:YYYY-MM-DD)"),
            K(r"rsync"),
            K(r"non-?zero"),
            N(r"delete"),
        ),
        (
            M(r"--delete", pos=True),
            M(r"code 0 on failure|exits? (?:with )?(?:code )?0\b"),
            M(r"DD-MM-YYYY"),
            M(r"\bcp\b"),
        ),
    ),
    "regex-zip": Case(
        (
            K(r"ZIP|regex|regular expression"),
            K(r"(?:5|five) digits"),
            K(r"optional.*(?:4|four) digits|(?:4|four) digits.*optional|hyphen"),
            K(r"(?:one|\b1|a single) sentence"),
        ),
        (
            M(r"requires the hyphen"),
            M(r"(?:4|four) digits optionally followed by (?:5|five)"),
            M(r"(?:one|a single|\b1) paragraph"),
        ),
    ),
    "docstring-merge-intervals": Case(
        (
            K(re.escape("def merge_intervals(intervals: list[tuple[int, int]]) -> list[tuple[int, int]]")),
            K(r"Google"),
            K(r"Examples"),
            K(r"Returns|return type", implied=True),
        ),
        (M(r"NumPy"), M(re.escape("merge_intervals(intervals)")), M(r"returns a dict")),
    ),
    "html-coming-soon": Case(
        (
            K(r"HTML5?"),
            K(r"Coming Soon"),
            K(r"\bh1\b"),
            N(r"JavaScript|script"),
            A(r"inline CSS|external stylesheet"),
        ),
        (
            M(r"<script>|script tag", pos=True),
            M(r"external style|style\.css", pos=True),
            M(r"\"Coming\"|Coming(?! Soon)"),
        ),
    ),
    "sql-recent-shipped-orders": Case(
        (
            K(r"\borders\b"),
            K(r"order_id", r"customer_id", r"\btotal\b"),
            K(r"shipped"),
            K(r"created_at.*(?:DESC|descending)|(?:DESC|descending).*created_at"),
            K(r"LIMIT 10\b|(?:10|ten) (?:rows|most recent|orders)"),
        ),
        (M(r"created_at.*(?:\bASC\b|ascending)"), M(r"shipped", neg=True), M(r"LIMIT 100"), M(r"SELECT \*")),
    ),
    "sql-dept-avg-salary": Case(
        (
            K(r"\bemployees\b"),
            K(r"\bdepartments\b"),
            K(r"average salary|AVG\("),
            K(r"more than (?:5|five) employees|HAVING COUNT\(\*\) > 5|> ?5\b"),
            K(r"highest|descending|\bDESC\b"),
        ),
        (M(r"at least (?:5|five) employees|>= ?5"), M(r"ascending|\bASC\b|lowest first"), M(r"WHERE salary > 5")),
    ),
    "sql-create-users": Case(
        (
            K(r"\busers\b"),
            K(r"primary key|SERIAL|IDENTITY|auto-?increment"),
            K(r"UNIQUE", r"NOT NULL"),
            K(r"created_at.*(?:now|default|timestamp)"),
            K(r"PostgreSQL|Postgres"),
        ),
        (M(r"nullable"), M(r"(?-i:AUTO_INCREMENT)"), M(r"table (?:named )?`?user`?(?!s)\b")),
    ),
    "sql-pagination-products": Case(
        (
            K(r"\bproducts\b"),
            K(r"\bname\b", r"\bprice\b"),
            K(r"price.*(?:ascending|\bASC\b|cheapest|lowest)|(?:cheapest|ascending).*price"),
            N(r"discontinued"),
            K(r"OFFSET 40|page (?:3|three)"),
        ),
        (
            M(r"OFFSET 60"),
            M(r"OFFSET 3\b"),
            M(r"only discontinued|(?:returns|includes) (?:only )?discontinued"),
            M(r"price.*(?:descending|\bDESC\b|most expensive)"),
        ),
    ),
    "json-book-object": Case(
        (
            K(r"JSON"),
            K(r"\btitle\b"),
            K(r"\byear\b"),
            K(r"\bauthors\b"),
            A(r"(?:no|only).*keys|keys.*only|other keys|extra keys|additional"),
            N(r"comment"),
        ),
        (
            M(r"\"?year\"? (?:is|as) a string"),
            M(r"authors\"? (?:is|as) a (?:single )?string"),
            M(r"may contain extra keys"),
            M(r"comment", pos=True),
        ),
    ),
    "json-package-tiny-queue": Case(
        (
            K(r"JSON"),
            K(r"tiny-queue"),
            K(r"0\.1\.0"),
            K(r"\bMIT\b"),
            K(r"node --test"),
            N(r"dependenc"),
        ),
        (
            M(r"1\.0\.0"),
            M(r"node test\b"),
            M(r"\"tiny\"|\btiny\b(?!-queue)"),
            M(r"dependencies list|includes dependencies", pos=True),
        ),
    ),
    "json-array-no-fences": Case(
        (
            K(r"JSON"),
            K(exactly(3, "object") + r"|array of (?:3|three) objects"),
            K(r"\bid\b"),
            K(r"\bname\b"),
            K(r"\bactive\b"),
            N(r"fence|```|code block"),
        ),
        (M(r"active\"? (?:is|as) a string"), M(r"fences", pos=True), M(at_least(3, "object"))),
    ),
    "yaml-gh-actions": Case(
        (
            K(r"YAML|workflow|GitHub Actions"),
            K(r"npm test"),
            K(r"\bpush"),
            K(r"\b18\b", r"\b20\b"),
            K(r"ubuntu-latest"),
        ),
        (M(r"pull request"), M(r"Node 16"), M(r"windows-latest"), M(r"npm run build")),
    ),
    "csv-fake-users": Case(
        (
            K(r"name,email,signup_date"),
            K(r"(?:5|five) (?:data )?rows"),
            K(r"(?-i:YYYY-MM-DD)|ISO"),
            N(r"quot"),
            L(r"fake"),
        ),
        (
            M(r"(?:5|five) rows including the header|(?:4|four) (?:data )?rows"),
            M(r"03/07/2024|MM/DD"),
            M(r"quoted|quotes", pos=True),
        ),
    ),
    "commit-message-null-pointer": Case(
        (
            K(re.escape("UserService.getProfile()") + r"|null pointer"),
            K(r"Conventional Commits|fix:"),
            K(r"(?:under|fewer than|less than) 50 characters|(?:at most|no more than) 49 characters"),
            K(r"imperative"),
        ),
        (M(r"50 words"), M(r"feat:"), M(r"past tense")),
    ),
}


# ---------------------------------------------------------------------------------------------------- notes
# Per note: the acceptable outcomes. ("lines", items, optional, warn): the amended rubric is exactly the items
# (each the original line `n` kept word for word, given as an int, or a regex / a function of the line for a new
# or changed one), originals in their order, plus any of `optional`; `warn`, when given, must be found in what
# the tool says. "refuse": the tool says it cannot apply the note and changes nothing.
Item = int | str | Callable[[str], bool]


@dataclass(frozen=True)
class Outcome:
    kind: str
    items: tuple[Item, ...] = ()
    optional: tuple[Item, ...] = ()
    warn: str = ""


def lines(*items: Item, optional: tuple[Item, ...] = (), warn: str = "") -> Outcome:
    return Outcome("lines", items, optional, warn)


REFUSE = Outcome("refuse")


def _range_in(line: str, lo: int, hi: int, unit: str) -> tuple[int, int] | None:
    m = re.search(rf"(?:between )?(\d+) ?(?:and|to|-|–) ?(\d+) {unit}s", line, re.I)
    return (int(m.group(1)), int(m.group(2))) if m else None


def _narrowed(line: str) -> bool:
    r = _range_in(line, 50, 80, "word")
    return r is not None and 50 <= r[0] < r[1] <= 80 and r != (50, 80)


def _shorter_than_150(line: str) -> bool:
    m = re.search(r"(?:under|fewer than|less than|at most|no more than) (\d+) words", line, re.I)
    return m is not None and int(m.group(1)) < 150


def _looser_than_3(line: str) -> bool:
    r = _range_in(line, 0, 0, "sentence")
    if r:
        return r[0] <= 3 <= r[1] and r != (3, 3)
    m = re.search(r"(at most|no more than|up to|at least|no fewer than) (\d+) sentences", line, re.I)
    if not m:
        return False
    n = int(m.group(2))
    return n >= 3 if m.group(1).lower() in ("at most", "no more than", "up to") else n <= 3


NO_EMOJI = r"^(?:it )?(?:has |contains |uses |includes )?(?:no|zero) emojis?|without (?:any )?emojis?|(?:does not|doesn't|never) (?:use|include|contain|have)s? (?:any )?emojis?|avoids emojis"

NOTES: dict[str, tuple[Outcome, ...]] = {
    "note-add-greeting": (lines(1, 2, 3, r"(?:starts|begins|opens) with a greeting|greet"),),
    "note-cta-at-end": (
        lines(
            1, 2, 3, r"(?:ends|closes|finish\w*|concludes|last sentence).*call to action|call to action.*(?:\bend|last)"
        ),
    ),
    "note-cta-conflicts-with-signoff": (
        lines(
            1,
            2,
            3,
            r"call to action.*before.*(?:Cheers, Dana|sign-off)|before (?:the sign-off|\"Cheers, Dana\").*call to action",
        ),
        REFUSE,
    ),
    "note-stricter-vague": (
        lines(1, r"(?:under|fewer than|at most|no more than|less than) \d+ words", r"20% off", optional=(r"31 March",)),
    ),
    "note-stricter-range-and-negation": (lines(_narrowed, 2, 3),),
    "note-make-it-shorter": (lines(_shorter_than_150, 2, 3),),
    "note-remove-2": (lines(1, 3, 4),),
    "note-remove-tone": (lines(1, 3),),
    "note-check-friday": (lines(1, 2, r"Friday"),),
    "note-no-emojis": (lines(1, 2, NO_EMOJI),),
    "note-no-emojis-conflict": (lines(1, NO_EMOJI, 3), REFUSE),
    "note-make-it-haiku": (lines(exactly(3, "line"), r"5-7-5|5/7/5", 3, optional=(r"haiku",)),),
    "note-nonsense-sparkle": (REFUSE,),
    "note-remove-out-of-range": (REFUSE,),
    "note-check-price": (lines(1, 2, r"\$89\.99"),),
    "note-remove-2-and-3": (lines(1, 4, 5),),
    "note-change-1": (lines(r"^(?:it )?(?:is )?(?:under|fewer than|less than) 100 words$", 2, 3),),
    "note-dont-mention-discount": (
        lines(
            1,
            r"^(?:it )?(?:does not|doesn't|never|must not) mention (?:the |a |any )?(?:10% )?discount|^(?:no|without) (?:mention of )?(?:the |a |any )?(?:10% )?discount",
            3,
        ),
        REFUSE,
    ),
    "note-add-quoted-phrase": (lines(1, 2, r"\"Terms and conditions apply\.\""),),
    "note-undo": (lines(1, 2), REFUSE),
    "note-shorter-rubric-duplicates": (lines(r"100 words|99 words", 3),),
    "note-make-it-looser": (lines(_looser_than_3, 2),),
    "note-in-french": (lines(1, 2, 3, r"French", warn=r"See you soon!"), Outcome("refuse", warn=r"See you soon!")),
    "note-remove-word-count": (lines(1, 3),),
    "note-greeting-already-there": (REFUSE, lines(1, 2, 3, warn=r"already")),
    "note-remove-hashtag-one": (lines(1, 3),),
    "note-looks-good": (lines(1, 2),),
    "note-end-question-vs-signoff": (
        lines(
            1,
            2,
            3,
            r"(?:last|final) sentence before the sign-off.*question|question.*before (?:the sign-off|\"?Thanks, Lee)",
        ),
        REFUSE,
    ),
    "note-remove-all": (REFUSE,),
    "note-replace-quoted-signoff": (lines(1, r"(?:ends|closes|signs? off).*\"Kind regards, Ana\""),),
}


# ---------------------------------------------------------------------------------------------------- bad input
# Beyond "refused" / "drafted": what a drafted answer to an awkward-but-valid input must hold.
BAD_EXTRA: dict[str, Callable[[Any], bool]] = {
    "ok-note-shouting-padded": lambda r: r.lines == ["mentions the 3 pm start", 'ends with "Thanks, Lee"'],
    "ok-unbalanced-quote": lambda r: not any("launch day and is under 200 characters" in x for x in r.all),
    "ok-instruction-injection": lambda r: not any(x.strip(" -'\"").upper() == "PASS" for x in r.all),
    "ok-crlf-bullets": lambda r: (
        any(re.search(under(50, "word"), x, re.I) for x in r.all) and any(re.search(r"1\.7 ?L", x) for x in r.all)
    ),
    "ok-bom-at-start": lambda r: not any("\ufeff" in x for x in r.all) and any("Gus" in x for x in r.all),
}


@dataclass
class Drafted:
    """What a drafter answered, in plain lists (any drafter's answer is adapted to this)."""

    criteria: list[str] = field(default_factory=list)
    left: list[str] = field(default_factory=list)
    held: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    """For a note: the rubric after it."""

    @property
    def all(self) -> list[str]:
        return [*self.criteria, *self.left, *self.held, *self.lines]
