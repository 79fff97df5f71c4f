"""What a stuffed draft looks like, as checks a test can run on any draft (issue 30, item 5).

A draft is stuffed when it names what the rubric asks for instead of doing it ("We will share more about
the $49 and call to action and the product name"), lists rubric words as a sentence, repeats a sentence,
or states a fact the task never gave (a price, a date, a time, a name, a link, a figure).
"""

from __future__ import annotations

import re

from rubric_core.checks import text as t
from rubric_core.checks.mention_plans import negative_mention, positive_mention
from rubric_core.checks.patterns import _DATE_RE, _EMAIL_RE, _PHONE_RE, _PRICE_RE, _TIME_RE, _URL_RE, find
from rubric_core.checks.phrasing import plan
from rubric_core.checks.terms import split_terms
from rubric_core.rubric import parse_criteria

_ARTICLES = re.compile(r"^(?:the|a|an|any|some|one|its|their|our|your|at least one)\s+", re.IGNORECASE)
_FUNCTION_WORDS = frozenset(
    "a an the of in on at to for with and or but as by from is are was be it its this that these those we you "
    "our your their they i my me us will can also more about keep mind please so there here all any some "
    "every each not no".split()
)
_SEPARATOR = r"\s*(?:,\s*(?:and\s+|or\s+)?|\s(?:and|or|&)\s|;\s*)\s*(?:(?:the|a|an)\s+)?"


def rubric_phrases(rubric: str) -> list[str]:
    """What each criterion names: its terms ("lanterns", "$49") and the kinds it asks for ("call to action",
    "product name", "price"), lower case, without articles."""
    out: list[str] = []
    for criterion in parse_criteria(rubric):
        mention = positive_mention(criterion.text) or negative_mention(criterion.text)
        if mention is None:
            continue
        parts, _ = split_terms(mention[0])
        for part in parts:
            phrase = _ARTICLES.sub("", part.strip().strip("\"'“”‘’`").strip()).lower()
            phrase = re.sub(r"^(?:the |a |an )?(?:exact )?(?:words?|terms?|phrases?) ", "", phrase).strip("\"'“”")
            if phrase and phrase not in out:
                out.append(phrase)
    return out


def kind_phrases(rubric: str) -> list[tuple[str, str, str]]:
    """(criterion, phrase, pattern) of each criterion the offline grader judges by a finder (a price, a call to
    action: the pattern's name) or cannot judge at all (n/a: no pattern). The phrase names a kind of content;
    a sentence that names it should be one."""
    out = []
    for criterion in parse_criteria(rubric):
        checked = plan(criterion)
        patterns = checked.spec.params.get("patterns", []) if checked.spec else []
        if checked.spec is not None and not patterns:
            continue
        # Only what the text must have: "Does not include a question" does not make "any questions" stuffing.
        mention = None if negative_mention(criterion.text) else positive_mention(criterion.text)
        if mention is None:
            continue
        for part in split_terms(mention[0])[0]:
            phrase = _ARTICLES.sub("", part.strip()).lower().strip(".")
            if phrase and not re.search(r"[\"'“”`$€£#%\d]", phrase):
                out.append((criterion.text, phrase, patterns[0] if len(patterns) == 1 else ""))
    return out


def _contains_phrase(text: str, phrase: str) -> bool:
    words = [re.escape(w) for w in phrase.split()]
    return bool(re.search(r"(?<![\w$€£#])" + r"[\s-]+".join(words) + r"(?:s|es)?(?![\w])", text, re.IGNORECASE))


def prose_of(draft: str) -> str:
    """The draft without code, fenced or inline (code is checked by running it, not read as prose)."""
    return re.sub(r"`[^`\n]*`", "", re.sub(r"```.*?```", "", draft, flags=re.DOTALL))


def sentences(draft: str) -> list[str]:
    """Sentences, each line of a poem or list being its own when it ends a thought."""
    out: list[str] = []
    for line in t.lines_of(prose_of(draft)):
        out += t.sentences_of(line)
    return out


def stuffing_faults(draft: str, task: str, rubric: str, first: str = "", *, kinds: bool = True) -> list[str]:
    """Joined rubric phrases, repeated sentences, sentences of rubric words, and kinds named instead of done
    (a kind's name, "call to action" or "product name", that a revision added to the first draft `first`; not
    checked with `kinds` False, for a draft written by hand: "a week before the deadline" is a person's English)."""
    faults: list[str] = []
    prose = prose_of(draft)
    phrases = sorted(rubric_phrases(rubric), key=len, reverse=True)
    said = sentences(draft)
    seen: set[str] = set()
    # A sentence of the task said again ("It is free to download at tidy.app." as "Tidy is free to ...").
    task_sentences = {" ".join(t.words_of(s.lower())[1:]) for s in t.sentences_of(task)}
    for sentence in said:
        key = " ".join(t.words_of(sentence.lower()))
        if key and key in seen and len(key.split()) > 1:
            faults.append(f"repeated sentence: {sentence!r}")
        seen.add(key)
        # Three or more rubric phrases in a row, joined by commas, "and", "and the", "or".
        alternation = "|".join(r"[\s-]+".join(re.escape(w) for w in p.split()) for p in phrases)
        if alternation:
            item = rf"(?:{alternation})(?:s|es)?"
            if re.search(rf"\b{item}{_SEPARATOR}{item}{_SEPARATOR}{item}\b", sentence, re.IGNORECASE):
                faults.append(f"three rubric phrases joined: {sentence!r}")
        # A sentence that is little more than rubric words.
        words = [w.lower() for w in t.words_of(sentence)]
        rest = sentence.lower()
        hits = 0
        for phrase in phrases:
            if _contains_phrase(rest, phrase):
                hits += 1
                rest = re.sub(re.escape(phrase), " ", rest, flags=re.IGNORECASE)
        left = [w for w in t.words_of(rest) if w.lower() not in _FUNCTION_WORDS]
        if hits >= 2 and len(left) <= 1 and len(words) >= 2 and " ".join(words[1:]) not in task_sentences:
            faults.append(f"a sentence of rubric words: {sentence!r}")
    for criterion in parse_criteria(rubric):
        if len(criterion.text.split()) >= 3 and criterion.text.lower().rstrip(".") in prose.lower():
            faults.append(f"the criterion itself is in the draft: {criterion.text!r}")
    for criterion, phrase, pattern in kind_phrases(rubric) if kinds else []:
        if (first and _contains_phrase(first, phrase)) or _contains_phrase(task, phrase):
            continue  # said before the writer knew the rubric, or the task's own word
        for sentence in said:
            # "Do you have any questions?" names the kind and is one; "...the call to action and the price." is not.
            if _contains_phrase(sentence, phrase) and not (pattern and find(pattern, sentence)):
                faults.append(f"names the kind {phrase!r} ({criterion!r}) instead of writing one: {sentence!r}")
    return faults


_WORLD_NAMES = ("Milky Way",)
"""Names of things everyone shares (a poem's sky), not facts a task must give."""
_NAME_RE = re.compile(r"\b[A-Z][a-zA-Z]+(?:[-'’][A-Za-z]+)?\b")
_NOT_NAMES = frozenset({"I", "I'm", "I've", "I'll", "I'd", "OK"})


def _starts(text: str) -> set[int]:
    """Where sentences, lines and what follows a colon or a dash begin (a capital there is no name)."""
    starts = {0}
    for m in re.finditer(r"(?:^|\n)[ \t]*(?:[-*•#>]+[ \t]*|\d+[.)][ \t]*)*", text):
        starts.add(m.end())
    for m in re.finditer(r"[.!?:;—–]+[\"')\]]*\s+(?:[^\w\s]+\s+)*[\"'(“]*|\b(?:Subject|Re):\s*", text):
        starts.add(m.end())
    return starts


def invented_facts(draft: str, task: str, rubric: str = "") -> list[str]:
    """Prices, dates, times, links, addresses, phone numbers, figures and names in the draft that the task
    (or a literal the rubric asks for) does not state."""
    prose = prose_of(draft)
    given = task + "\n" + rubric
    given_low = given.lower()
    faults = []
    for label, pattern in (
        ("price", _PRICE_RE),
        ("date", _DATE_RE),
        ("time", _TIME_RE),
        ("link", _URL_RE),
        ("email address", _EMAIL_RE),
        ("phone number", _PHONE_RE),
    ):
        for m in pattern.finditer(prose):
            value = " ".join(m.group(0).split()).rstrip(".")
            if label == "time" and value.lower() in ("noon", "midnight"):
                continue  # "Midnight hums low in the empty streets": an image, not a time stated
            if value.lower() not in " ".join(given_low.split()):
                faults.append(f"{label} not in the task: {value!r}")
    for m in re.finditer(r"(?<![\w.])\d+(?:[.,]\d+)*%?", prose):
        if m.group(0) not in given:
            faults.append(f"figure not in the task: {m.group(0)!r}")
    for name in _WORLD_NAMES:
        prose = prose.replace(name, name.lower())
    starts = _starts(prose)
    given_words = set(t.words_of(given)) | set(re.findall(r"[A-Za-z]+", given))  # "COVID" of "COVID-19"
    for m in _NAME_RE.finditer(prose):
        word = m.group(0)
        if m.start() in starts or word in _NOT_NAMES or word in given_words or prose[m.start() - 1 : m.start()] == "#":
            continue
        if _DATE_RE.fullmatch(word):
            continue  # a weekday or month is a date: checked above
        faults.append(f"name not in the task: {word!r}")
    return faults
