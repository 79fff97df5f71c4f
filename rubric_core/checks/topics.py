"""Whether a text is about a topic: its words must be prominent, not named in passing.

The topic's words, or words the bundled lexicon ties to it (lexicons.py), must stand in at least
half of the text's sentences (lines, for verse), at least twice when it has more than one, and not
as a verb ("I love pizza" is not about love). A topic of several words ("climate change", "the old
lighthouse") must be named as a phrase at least once; its last word (or a word of its list) marks
the sentences that speak of it. Named, but less than that, the topic may be a passing mention: n/a,
not a pass. Named nowhere: fail.
"""

from __future__ import annotations

import re

from rubric_core.checks import lexicons
from rubric_core.checks.text import CheckResult, lines_of, sentences_of, words_of

_VERB_LEAD = frozenset(
    "i we you they he she who to will would can could should must may might do does did don't doesn't didn't "
    "not really also just still always never truly so often sometimes".split()
)
"""A word right after one of these is used as a verb ("I love", "we will change"): it names no topic."""

_ARTICLE = re.compile(r"^(?:the|a|an|some|my|our|your|their|his|her|its)\s+", re.IGNORECASE)


def _content_words(topic: str) -> list[str]:
    return [w for w in words_of(topic.lower()) if w not in lexicons.TOPIC_STOP and len(w) > 1]


def _units(text: str) -> tuple[list[str], str]:
    """Lines for verse (several short lines), sentences otherwise."""
    lines = lines_of(text)
    if len(lines) > 1 and not all(len(words_of(u)) > 14 for u in lines):
        return lines, "line"
    sentences = sentences_of(text)
    return (sentences, "sentence") if sentences else (lines, "line")


def _hits(unit: str, wanted: set[str]) -> list[str]:
    """Words of `unit` that name the topic, in order; a word led as a verb does not."""
    words = words_of(unit)
    out = []
    for i, word in enumerate(words):
        low = word.lower()
        if lexicons.word_forms(low) & wanted and not (i and words[i - 1].lower() in _VERB_LEAD):
            out.append(low)
    return out


def check_topic(text: str, *, topic: str) -> CheckResult:
    """The text is about the topic (see the module docstring)."""
    from rubric_core.checks.contents import term_at

    key = _ARTICLE.sub("", topic.strip()).strip()
    words = _content_words(key)
    phrase = len(words) > 1
    related = lexicons.topic_words(words[-1] if phrase else key) if words else {key.lower()}
    wanted = {form for word in related for form in lexicons.word_forms(word)}
    units, unit = _units(text)
    per_unit = [_hits(u, wanted) + ([key.lower()] if phrase and term_at(u, key) is not None else []) for u in units]
    found = sorted({w for hits in per_unit for w in hits})
    with_topic = sum(1 for hits in per_unit if hits)
    occurrences = sum(len(hits) for hits in per_unit)
    needed = max(1, -(-len(units) // 2))
    named = not phrase or term_at(text, key) is not None
    tally = f"topic words {_quoted(found)} in {with_topic} of {len(units)} {unit}s"
    if found and with_topic >= needed and occurrences >= min(2, len(units)) and named:
        return CheckResult(True, tally)
    if found:
        if not named:
            why = f'"{key}" is never named as a phrase: the grader cannot tell the text is about it, not about "{words[-1]}".'
        else:
            why = (
                f'"{key}" is named only in passing ({with_topic} of {len(units)} {unit}s; at least {needed}, and '
                "twice, make it the subject): the grader cannot tell whether it is what the text is about."
            )
        return CheckResult(False, f"{tally} (at least {needed} needed)", why, undecided=True)
    named_first = sorted(w for w in related if w in key.lower().split())
    examples = ", ".join([*named_first, *sorted(w for w in related if w not in named_first)][:6])
    return CheckResult(False, "no topic words", f'Nothing in the text is about "{key}" (no word such as {examples}).')


def _quoted(items: list[str]) -> str:
    return ", ".join(f'"{i}"' for i in items)
