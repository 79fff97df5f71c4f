"""Counted nouns in the UI's own words: "1 iteration", "3 iterations", never "iteration(s)"."""

from __future__ import annotations


def counted(n: int, singular: str, plural: str | None = None) -> str:
    """`n` and the noun in the form that number takes ("1 criterion", "2 criteria"), with thousands separated."""
    return f"{n:,} {singular if n == 1 else (plural or singular + 's')}"


def run_facts(iterations: int, tokens: int, seconds: float | None = None, *, turns: int = 1) -> str:
    """What a run cost, as every view of it says it: "3 iterations · 4,210 tokens · 12.3 s".

    A continued run counts every turn's iterations and says how many turns it had ("2 turns · 5 iterations ·
    …"): its tokens and time cover every turn, so the iterations must too.
    """
    facts = f"{counted(iterations, 'iteration')} · {counted(tokens, 'token')}"
    if turns > 1:
        facts = f"{counted(turns, 'turn')} · {facts}"
    return facts if seconds is None else f"{facts} · {seconds:.1f} s"


def sentence(text: str) -> str:
    """`text` ending as a sentence does, with one full stop (none added after '.', '!', '?' or ':')."""
    text = text.rstrip()
    return text if not text or text[-1] in ".!?:" else text + "."


def person(name: object) -> str:
    """A person as a sentence names them: their name, or "a person" when no name is known (the local user who typed
    none is recorded as 'local', which read "written by local")."""
    said = str(name or "").strip()
    return "a person" if not said or said == "local" else said
