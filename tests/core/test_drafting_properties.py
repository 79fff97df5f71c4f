"""Generated tasks with constraints written inside them as people write them (negations, quoted phrases, ranges,
counts, a closing question): the drafted rubric keeps each one, never inverts one, never cuts a quote, and never
proposes two lines that claim one place (issue 38 item 6). Hypothesis, with the suite's fixed seed
(tests/conftest.py)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from rubric_core.assistant.drafting import draft_rubric
from rubric_core.assistant.note_lines import claim
from rubric_core.checks.phrasing import contradictions, interpret
from rubric_core.rubric import Criterion

WORDS = ["synergy", "cheap", "amazing", "ergonomic", "rockstar", "guarantee", "limit", "yellow", "literally", "best"]
TOPICS = ["the moon", "the price", "our competitors", "the delay", "the weather", "refunds", "the old logo"]
NAMES = ["Alvarez", "Okafor", "Lumen", "Priya", "Tidewater", "Nando"]
GENRES = [
    "Write an email to the team about the office move",
    "Write a product description for our new kettle",
    "Draft a LinkedIn post about our new office",
    "Write a short story about a lighthouse keeper",
    "Blog post about composting at home",
    "Release notes for version 2.1 of our app",
    "Write a poem about the harbour at dawn",
    "Write a welcome message for new volunteers",
]
UNITS = ["words", "sentences", "bullet points", "hashtags", "paragraphs", "lines"]
NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


@dataclass(frozen=True)
class Want:
    kind: str
    said: str
    key: str = ""
    low: int = 0
    high: int = 0


def _phrases() -> st.SearchStrategy[str]:
    return st.one_of(
        st.builds(lambda n: f"Best regards, the {n} Team", st.sampled_from(NAMES)),
        st.builds(lambda n: f"Dear Ms. {n},", st.sampled_from(NAMES)),
        st.builds(lambda w: f"Error: {w} not found", st.sampled_from(WORDS)),
        st.sampled_from(["Hello friends!", "See you soon!", "Done is better than perfect — always.", "Q&A"]),
    )


def _constraint() -> st.SearchStrategy[Want]:
    word = st.sampled_from(WORDS)
    return st.one_of(
        st.builds(
            lambda w, f: Want("ban_word", f.format(w=w), w),
            word,
            st.sampled_from(
                [
                    'do not use the word "{w}"',
                    "don't use the word “{w}”",
                    'avoid the word "{w}"',
                    'never use the word "{w}"',
                ]
            ),
        ),
        st.builds(
            lambda t, f: Want("ban_topic", f.format(t=t), t),
            st.sampled_from(TOPICS),
            st.sampled_from(
                [
                    "do not mention {t}",
                    "don't mention {t}",
                    "please don't mention {t}",
                    "nothing about {t}",
                    "under no circumstances mention {t}",
                    "avoid mentioning {t}",
                    "make sure you don't mention {t}",
                    "leave out {t}",
                    "it must not mention {t}",
                ]
            ),
        ),
        st.builds(
            lambda p, f: Want("quote_start", f.format(p=p), p),
            _phrases(),
            st.sampled_from(['start with "{p}"', "begin with “{p}”"]),
        ),
        st.builds(
            lambda p, f: Want("quote_end", f.format(p=p), p),
            _phrases(),
            st.sampled_from(['end with "{p}"', 'sign off with "{p}"']),
        ),
        st.builds(lambda p: Want("quote_include", f'include the exact phrase "{p}"', p), _phrases()),
        st.builds(
            lambda a, d, u, f: Want(
                "range", f.format(a=NUMBER_WORDS.get(a, a), b=NUMBER_WORDS.get(a + d, a + d), u=u), u, a, a + d
            ),
            st.integers(2, 4),
            st.integers(1, 2),
            st.sampled_from(UNITS),
            st.sampled_from(["{a} to {b} {u}", "between {a} and {b} {u}"]),
        ),
        st.builds(
            lambda n, u: Want("at_most", f"no more than {n} {u}", u, 0, n), st.integers(2, 9), st.sampled_from(UNITS)
        ),
        st.builds(
            lambda n: Want("under", f"keep it under {n} words", "words", 0, n), st.sampled_from([50, 80, 120, 150, 200])
        ),
        st.just(Want("question", "end with a question")),
    )


def _tasks() -> st.SearchStrategy[tuple[str, list[Want]]]:
    def build(genre: str, wants: list[Want], joiner: str) -> tuple[str, list[Want]]:
        parts = [w.said for w in wants]
        if joiner == "bullets":
            return genre + ". Requirements:\n" + "\n".join(f"- {p}" for p in parts), wants
        body = joiner.join(parts)
        return f"{genre}. {body[:1].upper() + body[1:]}.", wants

    kinds = st.lists(_constraint(), min_size=1, max_size=4, unique_by=lambda w: w.kind)
    return st.builds(build, st.sampled_from(GENRES), kinds, st.sampled_from([", ", ", and ", ". ", "; ", "bullets"]))


def _prohibits(line: str, key: str) -> bool:
    at = line.lower().find(key.lower())
    return at >= 0 and bool(re.search(r"\b(?:not|no|never|avoids?|without|excludes?)\b", line[:at], re.I))


def _holds(want: Want, lines: list[str]) -> bool:
    if want.kind == "ban_word":
        return any(_prohibits(x, want.key) for x in lines) and not any(
            want.key in x and not _prohibits(x, want.key) for x in lines
        )
    if want.kind == "ban_topic":
        topic = want.key.split()[-1]
        return any(_prohibits(x, topic) for x in lines) and not any(
            topic in x and not _prohibits(x, topic) for x in lines
        )
    if want.kind.startswith("quote"):
        return any(want.key in x for x in lines)
    if want.kind == "range":
        return any(re.search(rf"\b{want.low}\b.*\b{want.high}\b", x) for x in lines)
    if want.kind in ("at_most", "under"):
        said = "Fewer than" if want.kind == "under" else "most"
        return any(said.lower() in x.lower() and re.search(rf"\b{want.high}\b", x) and "xactly" not in x for x in lines)
    return any("question" in x for x in lines)


@settings(max_examples=300)
@given(_tasks())
def test_generated_constraints_are_kept_never_inverted_or_cut_and_never_contradict(
    case: tuple[str, list[Want]],
) -> None:
    task, wants = case
    d = draft_rubric(task)
    lines = [c.text for c in (*d.criteria, *d.left_to_llm, *d.held_back)]
    phrases = [w.key for w in wants if w.kind.startswith("quote")]
    for want in wants:
        if want.kind == "ban_word" and any(re.search(rf"\b{want.key}\b", p) for p in phrases):
            # the task bans a word its own required phrase holds: flagged, the ban held back, the phrase kept whole
            assert any(want.key in x for x in (c.text for c in d.held_back)) and d.warnings, (task, lines)
            continue
        assert _holds(want, lines), (task, want, lines)
    for x in lines:  # no quote cut short: a quoted text in a line is a whole phrase of the task
        for q in re.findall(r'"([^"]+)"', x):
            assert q in task or q.replace('"', "“") in task, (task, x)
    rubric = [c.text for c in d.criteria]
    for place in ("start", "end"):
        claims = [
            c
            for c in map(claim, rubric)
            if c.role == place and c.place in ("phrase", "signoff", "question", "cta", "greeting", "other")
        ]
        phrases = [c for c in claims if c.place in ("phrase", "signoff", "greeting")]
        assert len(phrases) <= 1 and (not phrases or len(claims) == 1), (task, rubric)
    specs = [(Criterion(t, i), interpret(Criterion(t, i))) for i, t in enumerate(rubric)]
    assert not contradictions(specs), (task, rubric)
