"""What a genre implies that the task need not say (a haiku's three lines of 5-7-5, a limerick's five lines, a
sonnet's fourteen, an acrostic's letters, an email's greeting and sign-off), and the kinds of text the drafter knows
by name. A line the task states wins over what the genre implies ("a poem, exactly 4 lines")."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rubric_core.assistant.proposal import Proposal
from rubric_core.assistant.task_facts import literals

GENRE = re.compile(
    r"\b(e-?mail|letter|post|tweet|thread|caption|description|blurb|job (?:post|ad|listing)|ad|advert|bio|biography|"
    r"release notes|faq|notice|agenda|instructions|steps|changelog|error message|message|sms|note|memo|outline|"
    r"abstract|essay|article|haiku|limerick|sonnet|poem|acrostic|story|toast|speech|dialogue|titles?|"
    r"subject lines?|card|list|reply|response|review|recipe|function|script|regex|regular expression|docstring|"
    r"page|query|sql|table|package\.json|object|array|workflow|csv|commit message|pitch|intro(?:duction)?|"
    r"newsletter|announcement|invitation|reminder|summary|translation|explanation|tests?|headline|tagline|slogan|"
    r"plan|report|proposal|entry|answer|quiz|lesson|checklist|guide|tutorial|template|menu|schedule|json|yaml|"
    r"html5?|notes|opening|class|module|program|snippet|tips|ideas|bio|one-liner|command|taglines?|quiz|plan)\b",
    re.IGNORECASE,
)


@dataclass
class Lead:
    """What the opening clause asks for."""

    proposals: list[Proposal] = field(default_factory=list)
    genre: str = ""
    """The genre noun ("email", "haiku"), lower case, or empty."""
    email: bool = False
    text: str = ""


def _faithful(source: str) -> Proposal:
    facts = literals(source) + re.findall(r"\b\d+\s?[–-]\s?\d+\b", source)
    figures = f" and keeps its figures ({', '.join(dict.fromkeys(facts))}) as given" if facts else ""
    return Proposal(
        f"Is faithful to the text given: adds nothing{figures}",
        "The task hands over a text to work on: the answer keeps to it (its words are not a phrase to repeat).",
        "quality",
    )


_FORMS: dict[str, list[tuple[str, str]]] = {
    "haiku": [
        ("Exactly 3 lines", "A haiku has three lines."),
        ("Follows a 5-7-5 syllable pattern", "A haiku's lines have 5, 7 and 5 syllables."),
    ],
    "limerick": [("Exactly 5 lines", "A limerick has five lines."), ("Rhymes AABBA", "A limerick rhymes AABBA.")],
    "sonnet": [
        ("Exactly 14 lines", "A sonnet has fourteen lines."),
        ("Follows a sonnet rhyme scheme (Shakespearean or Petrarchan)", "A sonnet rhymes in one of its schemes."),
        ("Is in iambic pentameter", "A sonnet's lines are iambic pentameter."),
    ],
}


def genre_forms(task: str, lead: Lead, stated: list[Proposal]) -> list[Proposal]:
    """What the genre implies and the task does not state otherwise (a stated line count wins)."""
    out: list[Proposal] = []
    has_lines = any(re.search(r"\blines?\b", p.text) and p.role in ("length", "count") for p in stated)
    low = task.lower()
    for form, lines in _FORMS.items():
        if re.search(rf"\b{form}s?\b", low):
            for text, reason in lines:
                if has_lines and "lines" in text:
                    continue
                out.append(Proposal(text, f"{reason} (Implied by the genre: edit or remove it.)", "form", implied=True))
    m = re.search(
        r"\bacrostic(?: poem)? (?:for|of|on|spelling) (?:the word |the name )?[\"“']?([A-Za-z]{2,12})\b", task, re.I
    )
    if m and not has_lines:
        word = m.group(1).upper()
        letters = ", ".join(word[:-1]) + f" and {word[-1]}"
        out.append(
            Proposal(
                f"Exactly {len(word)} lines",
                f"An acrostic of {word} has a line per letter. (Implied by the genre.)",
                "form",
                implied=True,
            )
        )
        out.append(
            Proposal(
                f"The lines start with {letters}, in that order",
                f"An acrostic spells {word}. (Implied by the genre.)",
                "form",
                implied=True,
            )
        )
    if re.search(r"(?i)\b(?:short|brief)\b", lead.text) and not any(p.role in ("length", "count") for p in stated):
        out.append(
            Proposal(
                "Is short", "The task asks for it short and gives no number: give one to have it checked.", "quality"
            )
        )
    if lead.email:
        if not any(p.role == "start" for p in stated):
            out.append(
                Proposal(
                    "Starts with a greeting",
                    "An email opens with a greeting. (Implied by the genre: remove it if not wanted.)",
                    "start",
                    place="greeting",
                    implied=True,
                )
            )
        if not any(p.role == "end" and p.place in ("phrase", "signoff") for p in stated):
            out.append(
                Proposal(
                    "Ends with a sign-off",
                    "An email closes with a sign-off. (Implied by the genre: remove it if not wanted.)",
                    "end",
                    place="signoff",
                    implied=True,
                )
            )
    return out
