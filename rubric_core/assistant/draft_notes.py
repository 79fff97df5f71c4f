"""An author's note in plain words, applied to a rubric by rules: "add a greeting", "remove 2 and 3", "remove the
tone one", "change 1 to under 100 words", "replace 'Best,' with 'Kind regards, Ana'", "make it stricter", "make it
looser", "make it shorter", "make the rubric shorter", "no emojis", "it should be a haiku", "undo", "looks good".

Lines the note does not touch stay word for word and in order; numbers are those of the rubric as shown. A note the
rules cannot apply (a number out of range, "make it sparkle", a greeting already asked for, "remove all") raises
DraftInputError saying why and what to write instead: nothing is changed. A new line that would contradict one
already there replaces it (the note is the newer word) or is reconciled ("the last sentence before the sign-off is a
question"), and the result says so.
"""

from __future__ import annotations

import re
from dataclasses import replace

from rubric_core.assistant.draft_inputs import DraftInputError
from rubric_core.assistant.draft_model import DraftedCriterion, RubricDraft, line
from rubric_core.assistant.note_edits import loosen, merge_duplicates, scale_length, tighten
from rubric_core.assistant.note_lines import Claim, claim, new_lines
from rubric_core.assistant.note_moves import NoteRefused, keep_only, remove, reorder
from rubric_core.assistant.note_values import revalue

_ACK = re.compile(
    r"(?:looks? (?:good|great|fine)|lgtm|ok(?:ay)?|fine|great|perfect|thanks?(?: you)?|good|all good|keep it|"
    r"no changes?|nothing(?: to change)?)(?:[,!.]?\s*(?:thanks?(?: you)?|thx|cheers))?",
)


def _refuse(message: str) -> DraftInputError:
    return DraftInputError(message + " Nothing was changed.")


class AlreadyAsked(DraftInputError):
    """A line the note would add is in the rubric already: alone, the note is refused; as a part of a compound
    note, that part changes nothing and says so (the other parts still apply)."""


def _style(lines: list[DraftedCriterion], text: str) -> str:
    """A new line written like the author's: lower case first when most of theirs are."""
    lower = sum(1 for c in lines if c.text[:1].islower())
    if lines and lower * 2 > len(lines) and text[:1].isupper() and not text[1:2].isupper():
        return text[:1].lower() + text[1:]
    return text


def _numbers(spec: str, count: int) -> list[int]:
    found: list[int] = []
    for part in re.split(r"\s*(?:,|and|&)\s*", spec):
        rng = re.fullmatch(r"(-?\d+)\s*(?:-|–|to)\s*(-?\d+)", part)
        if rng:
            a, b = int(rng.group(1)), int(rng.group(2))
            if a < 1 or b < a:
                raise _refuse(f"'{part}' is not a range of criteria: they are numbered 1 to {count}.")
            found += list(range(a, b + 1))
        elif part:
            found.append(int(part))
    for n in found:
        if n < 1:
            raise _refuse(f"There is no criterion {n}: criteria are numbered from 1 (1 to {count}).")
        if n > count:
            shown = n if n < 10**6 else f"{str(n)[:6]}…"
            raise _refuse(f"There is no criterion {shown}: the rubric has {count} (1 to {count}).")
    return sorted(set(found))


def _without(draft: RubricDraft, gone: list[int], note: str, message: str) -> RubricDraft:
    kept = [c for i, c in enumerate(draft.criteria, 1) if i not in gone]
    return replace(draft, criteria=kept, note=note, message=message)


def _moves(draft: RubricDraft, low: str, note: str) -> RubricDraft | None:
    """A removal, a "keep only" or a move, or None when the note asks for none of them."""
    texts = [c.text for c in draft.criteria]
    try:
        gone = remove(low, texts) or keep_only(low, texts)
        if gone:
            positions, message = gone
            return _without(draft, positions, note, message)
        moved = reorder(low, texts)
    except NoteRefused as exc:
        raise _refuse(str(exc)) from None
    if moved:
        order, message = moved
        return replace(draft, criteria=[draft.criteria[i - 1] for i in order], note=note, message=message)
    return None


_CHANGE_WORDS = re.compile(
    r"\b(?:change|make|set|should|limit|instead|not|now|moved?|bump|raise|lower|increase|reduce|update|is|are|be|want)\b"
)


def _revalue(draft: RubricDraft, low: str, note: str) -> RubricDraft | None:
    """A new value for what one line already says ("make the word limit 200", "serves 6 not 4"), or None."""
    if re.match(r"^(?:please\s+)?(?:also\s+)?(?:add|include|check|make sure|ensure|verify)\b", low):
        return None
    got = revalue(low, [c.text for c in draft.criteria])
    if got is None:
        return None
    if got.index is None:
        if _CHANGE_WORDS.search(low) and not re.match(
            r"^(?:under|over|at most|at least|fewer|less|more|exactly)\b", low
        ):
            raise _refuse(got.message)
        return None
    lines = list(draft.criteria)
    if got.text == lines[got.index].text:
        return replace(
            draft, note=note, message=f'Criterion {got.index + 1} already says "{got.text}": nothing changed.'
        )
    lines[got.index] = line(got.text, f"Changed at the author's request ({note}).")
    said = f'Criterion {got.index + 1} now reads "{got.text}".' + _strict_bound(got.text, got.index + 1)
    return replace(draft, criteria=lines, note=note, message=said)


_STRICT = re.compile(r"(?i)\b(fewer than|less than|under|more than|over)\s+(\d[\d,]*)\s+([a-z]+)")


def _strict_bound(text: str, number: int) -> str:
    """What a new limit kept behind a strict bound means ('' for none): "make the word limit 100" on "Fewer than
    120 words" gave "Fewer than 100 words", where 100 words fail, and said nothing of it."""
    m = _STRICT.search(text)
    if m is None:
        return ""
    bound, n, unit = m.group(1).lower(), int(m.group(2).replace(",", "")), m.group(3)
    upper = bound in ("fewer than", "less than", "under")
    edge, passes = (n - 1, "at most") if upper else (n + 1, "at least")
    return (
        f' Your line\'s "{bound}" is kept, so {n:,} {unit} do not pass ({passes} {edge:,} do). For {n:,} to pass, '
        f'write "change {number} to {passes} {n:,} {unit}".'
    )


def _change(task: str, draft: RubricDraft, number: str, to: str, note: str) -> RubricDraft:
    lines = list(draft.criteria)
    (n,) = _numbers(number, len(lines))
    made = new_lines(task, to, explicit=True)
    if not made:
        raise _refuse(f'"{to}" gives no criterion: write the new line in full.')
    text = _style(lines, made[0].text)
    lines[n - 1] = line(text, f"Changed at the author's request ({note}).")
    return replace(draft, criteria=lines, note=note, message=f'Criterion {n} now reads "{text}".')


def _replace(draft: RubricDraft, old: str, new: str, note: str) -> RubricDraft:
    old, new = old.strip().strip("'\"“”‘’"), new.strip().strip("'\"“”‘’")
    lines = list(draft.criteria)
    hits = [i for i, c in enumerate(lines) if old and old in c.text]
    if not hits:
        raise _refuse(f'No criterion holds "{old}".')
    if len(hits) > 1:
        raise _refuse(
            f'"{old}" is in more than one criterion ({", ".join(str(i + 1) for i in hits)}): use "change N to ...".'
        )
    i = hits[0]
    text = lines[i].text.replace(old, new, 1)
    lines[i] = line(text, f"Changed at the author's request ({note}).")
    return replace(draft, criteria=lines, note=note, message=f'Criterion {i + 1} now reads "{text}".')


def _add(task: str, draft: RubricDraft, what: str, note: str, *, explicit: bool) -> RubricDraft:
    lines = list(draft.criteria)
    made = new_lines(task, what, explicit=explicit)
    if not made:
        raise _refuse(
            f'The drafter cannot turn "{note}" into a criterion it can check. Say what should change: a part to add '
            '("add a greeting"), a fact to mention ("also check the price"), a limit ("under 80 words"), or a line '
            'by number ("remove 2", "change 1 to under 100 words").'
        )
    said: list[str] = []
    warnings: list[str] = []
    for new in made:
        lines, done, warned = _place(lines, new, draft)
        said.append(done)
        warnings += warned
    return replace(draft, criteria=lines, note=note, message=" ".join(said), warnings=[*draft.warnings, *warnings])


def _place(
    lines: list[DraftedCriterion], new: Claim, draft: RubricDraft
) -> tuple[list[DraftedCriterion], str, list[str]]:
    """Put one new line in the rubric: refused when it is already there, replacing a line it contradicts,
    reconciled with a sign-off, or added at the end."""
    claims = [claim(c.text) for c in lines]
    for i, old in enumerate(claims):
        if old.same_as(new):
            raise AlreadyAsked(f'Criterion {i + 1} ("{lines[i].text}") already asks for that. Nothing was changed.')
    warnings: list[str] = []
    replaced = [i for i, old in enumerate(claims) if old.contradicted_by(new)]
    text = _style(lines, new.text)
    if new.role == "end" and new.place in ("question", "cta", "other"):
        final = next(
            (i for i, old in enumerate(claims) if old.role == "end" and old.place in ("phrase", "signoff")), None
        )
        if final is not None:
            end = f'the sign-off "{claims[final].phrase}"' if claims[final].phrase else "the sign-off"
            what = {"question": "is a question", "cta": "is a call to action"}.get(
                new.place, "is " + re.sub(r"(?i)^ends with ", "", new.text)
            )
            text = _style(lines, f"The last sentence before {end} {what}")
            warnings.append(
                f'Criterion {final + 1} ("{lines[final].text}") takes the last words, so the new line asks for the last sentence before it.'
            )
    for i, old in enumerate(claims):
        if new.language and old.phrase and old.english:
            warnings.append(
                f'Criterion {i + 1} requires the English "{old.phrase}", which clashes with "{new.text}": change it '
                f"(to its {new.language.capitalize()}, for example) or keep it on purpose."
            )
    # The reconciled line ("The last sentence before the sign-off is a question") may be there already, word for
    # word: it was added a second time.
    same = next((i for i, c in enumerate(lines) if " ".join(c.text.split()).casefold() == text.casefold()), None)
    if same is not None:
        raise AlreadyAsked(f'Criterion {same + 1} ("{lines[same].text}") already asks for that. Nothing was changed.')
    made = line(text, new.reason)
    if replaced:
        first = replaced[0]
        out = [c for i, c in enumerate(lines) if i not in replaced[1:]]
        out[first] = made
        gone = ", ".join(f'{i + 1} ("{lines[i].text}")' for i in replaced)
        return out, f'"{text}" replaces {gone}, which it contradicts.', warnings
    return [*lines, made], f'Added "{text}".', warnings


_PART_VERBS = (
    r"add|include|remove|drop|delete|cut|end|start|begin|open|close|make|change|set|replace|swap|move|put|keep|"
    r"mention|use|check|ensure|limit|no|avoid"
)
_COMPOUND = re.compile(
    rf"\s*(?:,\s*|;\s*)?(?:\band\s+(?:then\s+)?|\bthen\s+|\balso\s+|;\s*|,\s*)(?=(?:also\s+)?(?:{_PART_VERBS})\b)",
    re.I,
)


def note_parts(note: str) -> list[str]:
    """A note's parts, each a note of its own: "remove 4 and end with a question" is two. A part starts with a verb
    the rules know, so "remove 2 and 3" and "a greeting and a sign-off" stay one."""
    parts = [p.strip(" ,;.") for p in _COMPOUND.split(note.strip())]
    return [p for p in parts if p] or [note]


def apply_note(task: str, draft: RubricDraft, note: str, *, before: RubricDraft | None = None) -> RubricDraft:
    """The draft with the note applied, or DraftInputError (nothing changed).

    A compound note is applied part by part, in order, each part to the rubric the part before left (its numbers
    are those of that rubric); a part the rules cannot apply refuses the whole note, naming the part. Read whole,
    "remove 4 and end with a question" removed line 5 ("end" read as "the last one") and added nothing."""
    parts = note_parts(note)
    if len(parts) < 2:
        return _apply_one(task, draft, note, before=before)
    now, said, warned = draft, [], list(draft.warnings)
    for n, part in enumerate(parts, 1):
        try:
            now = _apply_one(task, replace(now, warnings=[]), part, before=before)
        except AlreadyAsked as exc:
            now = replace(now, message=f'Part {n} ("{part}"): ' + str(exc).replace(" Nothing was changed.", ""))
        except DraftInputError as exc:
            raise DraftInputError(
                f'Part {n} of the note ("{part}") cannot be applied: {exc} Write the parts as separate notes, or '
                "rephrase that part."
            ) from None
        said.append(now.message)
        warned += now.warnings
    return replace(now, note=note, message=" ".join(m for m in said if m), warnings=warned)


def _apply_one(task: str, draft: RubricDraft, note: str, *, before: RubricDraft | None = None) -> RubricDraft:
    """One note (or one part of a compound note) applied."""
    low = note.lower().strip().rstrip(".!")
    low = re.sub(r"^(?:please|pls|ok(?:ay)?|so|now)[,\s]+|[,\s]+(?:please|pls|thanks|thank you|thx)$", "", low).strip()
    if _ACK.fullmatch(low):
        return replace(draft, note=note, message="Nothing to change: the rubric is kept as it is.")
    if re.fullmatch(r"undo(?: that| it| the last (?:change|note))?|revert|go back", low):
        if before is None:
            raise _refuse("Nothing to undo: this is the first version of the draft.")
        return replace(before, note=note, message="Undone: the draft before the last note is back.")
    moved = _moves(draft, low, note)
    if moved is not None:
        return moved
    m = re.match(
        r"^(?:change|set|make|edit|update)\s+(?:line\s+|criterion\s+|number\s+|#)?(-?\d+)\s+(?:to|into|so it says|to say)\s*:?\s*(.+)$",
        note.strip().rstrip("."),
        re.I,
    )
    if m:
        return _change(task, draft, m.group(1), m.group(2), note)
    m = re.match(r"^(?:replace|swap)\s+(.+?)\s+(?:with|by|for)\s+(.+)$", note.strip(), re.I) or re.match(
        r"^(?:change|switch)\s+(['\"“‘].+?['\"”’])\s+(?:to|into|with|for)\s+(.+)$", note.strip(), re.I
    )
    if m:
        return _replace(draft, m.group(1), m.group(2), note)
    revalued = _revalue(draft, low, note)
    if revalued is not None:
        return revalued
    if re.search(
        r"\b(?:rubric|criteria|list)\b.*\b(?:shorter|fewer|smaller|tighter)\b|\bfewer criteria\b|\bmerge\b|\bduplicates?\b",
        low,
    ):
        return merge_duplicates(draft, note)
    if re.fullmatch(
        r"(?:make (?:it|the rubric|them|the criteria) )?(?:a bit |much |more )?(?:stricter|more strict|harder|tougher|more demanding|more specific|tighter)",
        low,
    ):
        return tighten(task, draft, note)
    if re.fullmatch(
        r"(?:make (?:it|the rubric|them|the criteria) )?(?:a bit |much )?(?:looser|more lenient|less strict|easier|more relaxed|relax it|loosen(?: it)?)",
        low,
    ):
        return loosen(draft, note)
    if re.fullmatch(r"(?:make (?:it|the answer|the text) )?(?:a bit |much )?(?:shorter|briefer|more concise)", low):
        return scale_length(draft, note, shorter=True)
    if re.fullmatch(r"(?:make (?:it|the answer|the text) )?(?:a bit |much )?longer", low):
        return scale_length(draft, note, shorter=False)
    m = re.match(
        r"^(?:(?:please\s+)?(?:also\s+)?add(?:\s+in|\s+back)?\s*:?\s*(?:(?:a|an|one more)\s+)?(?:(?:criterion|line|check)\s+(?:for|that|about|saying|to check|checking)?\s*)?|"
        r"(?:please\s+)?(?:also\s+)?(?:check|make sure|ensure|verify)\s+(?:that\s+)?(?:it\s+)?)(.+)$",
        note.strip(),
        re.I,
    )
    if m:
        return _add(task, draft, m.group(1), note, explicit=True)
    return _add(task, draft, note.strip(), note, explicit=False)
