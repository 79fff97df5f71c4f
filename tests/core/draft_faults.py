"""What a bad draft looks like, as checks a test can run on any draft (issue 30 item 5, issue 38 items 2 and 3).

One detector per property, each naming the offending span in its message:
- `stuffing_faults`: a sentence that holds rubric words instead of saying something (rubric phrases joined in a
  row, a sentence of rubric words, a filler frame such as "It is worth weighing X", a kind of content named
  instead of written, a repeated sentence, the criterion itself);
- `invented_facts`: a price, date, time, link, address, number or name the task (or a literal the rubric asks
  for) does not give; a bracketed placeholder ("[your name]") states nothing and is not a fact;
- `grammar_faults`: articles that disagree with the next word ("a icy"), a word twice in a row, a template
  slot left unfilled;
- `echo_faults` (tests/core/echo_faults.py): a run of the task's own words.
"""

from __future__ import annotations

import re

from rubric_core.checks import text as t
from rubric_core.checks.mention_plans import negative_mention, positive_mention
from rubric_core.checks.patterns import find
from rubric_core.checks.phrasing import plan
from rubric_core.checks.terms import split_terms
from rubric_core.rubric import parse_criteria
from tests.core.echo_faults import echo_faults, prose_part

__all__ = ["echo_faults", "grammar_faults", "invented_facts", "prose_of", "stuffing_faults"]

_ARTICLES = re.compile(r"^(?:the|a|an|any|some|one|its|their|our|your|at least one)\s+", re.IGNORECASE)
_FUNCTION_WORDS = frozenset(
    "a an the of in on at to for with and or but as by from is are was be it its this that these those we you "
    "our your their they i my me us will can also more about keep mind please so there here all any some "
    "every each not no just very has have had do does did been being into than then too".split()
)
_SEPARATOR = r"\s*(?:,\s*(?:and\s+|or\s+)?|\s(?:and|or|&)\s|;\s*)\s*(?:(?:the|a|an)\s+)?"

FILLER_FRAMES = (
    r"\bworth (?:weighing|noting|mentioning|considering)\b",
    r"\bmakes? room for\b",
    r"\bwith [\w$€£#%./&' -]{1,40} in mind\b",
    r"\bthere is a story in\b",
    r"\b(?:is|are|plays?) (?:a |its )?part of the (?:picture|story|mix)\b",
    r"\bwe will share more about\b",
    r"\bnot to (?:forget|mention)\b",
    r"\b(?:on|about) the (?:topic|subject|theme) of\b",
    r"\bwhen it comes to\b",
    r"\b(?:this|the) (?:draft|text|answer|response) (?:mentions|includes|covers|contains)\b",
    r"\b(?:rubric|criteri(?:on|a))\b",
)
"""Frames whose only job is to hold a word: they say nothing about the subject."""

HOLDING_FRAMES = (
    r"\bI think of (?P<w>[^.,;]{1,40}?) when\b",
    r"\bI keep (?P<w>[^.,;]{1,40}?) close, like\b",
    r"\bthe light finds (?P<w>[^.,;]{1,40}?) (?:again|and stays)\b",
    r"\bthe evening gathers (?:softly )?around (?P<w>[^.,;]{1,40})",
    r"(?:^|[.,;]\s*)(?P<w>[^.,;]{1,40}?) waits (?:patiently )?in the morning light\b",
)
"""Frames around a word ("I think of the season when the day grows quiet"): filler when the word is one the
task never gives (a poem's own subject may be framed)."""


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
    action: the pattern's name) or cannot judge at all (n/a: no pattern)."""
    out = []
    for criterion in parse_criteria(rubric):
        checked = plan(criterion)
        patterns = checked.spec.params.get("patterns", []) if checked.spec else []
        if checked.spec is not None and not patterns:
            continue
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
    return prose_part(draft)


def sentences(draft: str) -> list[str]:
    """Sentences, each line of a poem or list being its own when it ends a thought."""
    out: list[str] = []
    for line in t.lines_of(prose_of(draft)):
        out += t.sentences_of(line)
    return out


def _content(words: list[str]) -> list[str]:
    return [w for w in words if w.lower() not in _FUNCTION_WORDS and len(w) > 2]


def stuffing_faults(draft: str, task: str, rubric: str, first: str = "", *, kinds: bool = True) -> list[str]:
    """Sentences that hold rubric words instead of saying something; kinds named instead of written (a kind's
    name, "call to action", that a revision added to the first draft `first`; not checked with `kinds` False,
    for a draft written by hand)."""
    faults: list[str] = []
    prose = prose_of(draft)
    # A phrase the task itself states is a fact the draft carries, not a rubric word.
    phrases = sorted((ph for ph in rubric_phrases(rubric) if ph not in task.lower()), key=len, reverse=True)
    said = sentences(draft)
    seen: set[str] = set()
    task_sentences = {" ".join(t.words_of(s.lower())[1:]) for s in t.sentences_of(task)}
    task_words = {w.lower() for w in t.words_of(task)}
    rubric_only = {w.lower() for w in _content(t.words_of(rubric))} - task_words
    for sentence in said:
        key = " ".join(t.words_of(sentence.lower()))
        if key and key in seen and len(key.split()) > 3:
            faults.append(f"repeated sentence: {sentence!r}")
        seen.add(key)
        for frame in FILLER_FRAMES:
            m = re.search(frame, sentence, re.IGNORECASE)
            if m and not re.search(frame, task, re.IGNORECASE):
                faults.append(f"filler frame {m.group(0)!r}: {sentence!r}")
        for frame in HOLDING_FRAMES:
            m = re.search(frame, sentence, re.IGNORECASE)
            held = [w for w in _content(t.words_of(m.group("w"))) if w.lower() not in task_words] if m else []
            if held:
                faults.append(f"a frame holding {', '.join(held)!r}: {sentence!r}")
        alternation = "|".join(r"[\s-]+".join(re.escape(w) for w in p.split()) for p in phrases)
        if alternation:
            item = rf"(?:{alternation})(?:s|es)?"
            if re.search(rf"\b{item}{_SEPARATOR}{item}{_SEPARATOR}{item}\b", sentence, re.IGNORECASE):
                faults.append(f"three rubric phrases joined: {sentence!r}")
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
        content = [w.lower() for w in _content(t.words_of(sentence))]
        from_rubric = [w for w in content if w in rubric_only]
        if len(from_rubric) >= 2 and len(content) >= 4 and len(from_rubric) * 2 > len(content):
            faults.append(f"mostly rubric words ({', '.join(from_rubric)}): {sentence!r}")
    for criterion in parse_criteria(rubric):
        said_in_task = criterion.text.lower().rstrip(".") in task.lower()
        if (
            len(criterion.text.split()) >= 3
            and not said_in_task
            and criterion.text.lower().rstrip(".") in prose.lower()
        ):
            faults.append(f"the criterion itself is in the draft: {criterion.text!r}")
    for criterion, phrase, pattern in kind_phrases(rubric) if kinds else []:
        if (first and _contains_phrase(first, phrase)) or _contains_phrase(task, phrase):
            continue
        for sentence in said:
            if _contains_phrase(sentence, phrase) and not (pattern and find(pattern, sentence)):
                faults.append(f"names the kind {phrase!r} ({criterion!r}) instead of writing one: {sentence!r}")
    return faults


_WORLD_NAMES = ("Milky Way",)
"""Names of things everyone shares (a poem's sky), not facts a task must give."""
_NAME_RE = re.compile(r"\b[A-Z][a-zA-Z]+(?:[-'’][A-Za-z]+)?\b")
_NOT_NAMES = frozenset({"I", "I'm", "I've", "I'll", "I'd", "OK"})
_URL = re.compile(r"\b(?:https?://|www\.)\S+|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|org|net|io|app|dev|co|uk)(?:/\S*)?")
_EMAIL = re.compile(r"\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b")
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
_WEEKDAYS = re.compile(r"\b(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b")
_MONTHS = re.compile(r"\b(?:January|February|March|April|May|June|July|August|September|October|November|December)\b")
_PLACEHOLDER = re.compile(r"\[[^\[\]\n]{1,160}\]")
_LIST_MARK = re.compile(r"(?m)^[ \t]*(?:\d+[.)]|\d+/\d+)[ \t]+")


def _starts(text: str) -> set[int]:
    """Where sentences, lines and what follows a colon or a dash begin (a capital there is no name)."""
    starts = {0}
    for m in re.finditer(r"(?:^|\n)[ \t]*(?:[-*•#>]+[ \t]*|\d+[.)/][\d]*[ \t]*)*", text):
        starts.add(m.end())
    for m in re.finditer(r"[.!?:;—–]+[\"')\]*]*\s+(?:[^\w\s]+\s+)*[\"'(“*]*|\b(?:Subject|Re):\s*", text):
        starts.add(m.end())
    return starts


def invented_facts(draft: str, task: str, rubric: str = "", known: tuple[str, ...] = ()) -> list[str]:
    """Links, addresses, numbers, days, months and names in the draft that the task (or the rubric, or the
    genre's own words in `known`) does not state."""
    prose = _PLACEHOLDER.sub(" ", prose_of(draft))
    prose = _LIST_MARK.sub("", prose)
    given = "\n".join([task, rubric, *known])
    given_low = " ".join(given.lower().split())
    faults = []
    for label, pattern in (("link", _URL), ("email address", _EMAIL)):
        for m in pattern.finditer(prose):
            value = m.group(0).rstrip(".,;:)")
            if value.lower() not in given_low:
                faults.append(f"{label} not in the task: {value!r}")
    given_numbers = {n.replace(",", "") for n in _NUMBER.findall(given)}
    for m in _NUMBER.finditer(prose):
        if m.group(0).replace(",", "") not in given_numbers:
            faults.append(f"number not in the task: {prose[max(m.start() - 12, 0) : m.end() + 12].strip()!r}")
    for label, pattern in (("day", _WEEKDAYS), ("month", _MONTHS)):
        for m in pattern.finditer(prose):
            if m.group(0).lower() not in given_low:
                faults.append(f"{label} not in the task: {m.group(0)!r}")
    for name in _WORLD_NAMES:
        prose = prose.replace(name, name.lower())
    starts = _starts(prose)
    given_words = {w.lower() for w in t.words_of(given)} | {w.lower() for w in re.findall(r"[A-Za-z]+", given)}
    for m in _NAME_RE.finditer(prose):
        word = m.group(0)
        if m.start() in starts or word in _NOT_NAMES or word.lower() in given_words:
            continue
        if prose[m.start() - 1 : m.start()] == "#" or _WEEKDAYS.fullmatch(word) or _MONTHS.fullmatch(word):
            continue
        faults.append(f"name not in the task: {word!r}")
    return faults


_VOWEL_SOUND_EXCEPTIONS = re.compile(r"^(?:uni|use|usu|uti|ure|eu|ewe|one|once|ubiq|uk)", re.IGNORECASE)
_SILENT_H = re.compile(r"^(?:hour|honest|honou?r|heir)", re.IGNORECASE)


def grammar_faults(draft: str) -> list[str]:
    """Articles that disagree with the next word, a word twice in a row, an unfilled template slot, a sentence
    that stops on an article or on "for" ("We're sorry for.": a slot the task left empty)."""
    prose = prose_of(draft)
    faults = []
    for m in re.finditer(r"\b(a|an|A|An) ([a-z][\w-]*)", prose):
        article, word = m.group(1).lower(), m.group(2)
        vowel = (word[0] in "aeiou" and not _VOWEL_SOUND_EXCEPTIONS.match(word)) or bool(_SILENT_H.match(word))
        if article == "a" and vowel:
            faults.append(f"'a' before a vowel sound: {m.group(0)!r}")
        elif article == "an" and not vowel:
            faults.append(f"'an' before a consonant sound: {m.group(0)!r}")
    for m in re.finditer(r"\b(\w+)[ \t]+\1\b", prose, re.IGNORECASE):
        if m.group(1).lower() not in {"that", "had", "very", "bye", "ha", "no", "knock", "tick", "tock"}:
            faults.append(f"a word twice in a row: {m.group(0)!r}")
    for m in re.finditer(r"\{[A-Za-z_]+\}", prose):
        faults.append(f"an unfilled template slot: {m.group(0)!r}")
    for m in re.finditer(r"[^.!?\n]*\b(?:[Tt]he|an?|for)[.!?](?=\s|$)", prose):
        faults.append(f"a sentence that stops on its last word's object missing: {m.group(0).strip()!r}")
    return faults


def all_faults(
    draft: str, task: str, rubric: str, *, carry: tuple[str, ...] = (), first: str = "", known: tuple[str, ...] = ()
) -> dict[str, list[str]]:
    """Every detector's findings on one draft, by property."""
    return {
        "echo": echo_faults(draft, task, carry),
        "stuffing": stuffing_faults(draft, task, rubric, first),
        "invented": invented_facts(draft, task, rubric, known),
        "grammar": grammar_faults(draft),
    }
