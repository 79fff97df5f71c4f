"""Poems and descriptive paragraphs from the image banks.

A draft is a few units (poem lines, or sentences of a paragraph), each one or
two images. Which images fill which unit comes from a hash of the task and a
variant number: variant k moves one unit to its next image, so a revision
that must change something changes one line, and successive variants differ.
Counts the rubric asks for (lines, words, syllables, sensory details) are met
by choosing and combining images, never by padding with stock sentences.
"""

from __future__ import annotations

import re
from dataclasses import replace

from rubric_core.checks import lexicons
from rubric_core.checks import text as t
from rubric_core.checks.contents import check_contains
from rubric_core.models._images import (
    Image,
    Units,
    allowed,
    choose,
    clamp,
    count_sensory,
    default_units,
    image_pool,
    noun_phrase,
    template_of,
    term_images,
    unit_offsets,
    word_forms,
)
from rubric_core.models._task import Brief, content_words, topics_in
from rubric_core.models._wants import Wants

__all__ = ["Image", "allowed", "compose", "noun_phrase"]


def fit_words(
    units: Units, spare: list[Image], lo: int | None, hi: int | None, sensory: int, seed: int, kept: set[int]
) -> None:
    """Add or shorten images until the word count (and sensory detail count) is in range; images in `kept`
    (a required word's) stay."""
    n = len(units.images)
    start = seed % max(n, 1)
    spare = [s for s in spare if s not in units.used()]
    if sensory:
        # A spare image rich in sensory words goes in first when the rubric asks for them.
        spare.sort(key=lambda img: -len(lexicons.sensory_words_in(t.words_of(img.full.lower()))))
    k = 0
    while spare and ((lo is not None and units.word_count() < lo) or count_sensory(units) < sensory):
        target = (start + k) % n
        k += 1
        if len(units.images[target]) >= 2:
            if all(len(row) >= 2 for row in units.images):
                break
            continue
        extra = spare.pop(0)
        if hi is not None and units.word_count() + extra.words(False) > hi:
            continue
        units.images[target].append(extra)
        units.full[target].append(True)
    # Too long: drop optional words, then second images, longest first.
    for i in range(n):
        for j in range(len(units.images[i])):
            if hi is not None and units.word_count() > hi:
                units.full[i][j] = False
    for i in sorted(range(n), key=lambda i: -len(units.images[i])):
        if hi is not None and units.word_count() > hi and len(units.images[i]) > 1:
            if id(units.images[i][-1]) not in kept:
                units.images[i].pop()
                units.full[i].pop()
    # Still too long: swap the longest image for the shortest one not used yet, while that helps.
    movable = [i for i in range(n) if id(units.images[i][0]) not in kept]
    while hi is not None and units.word_count() > hi and spare and movable:
        i = max(movable, key=lambda i: len(t.words_of(units.texts()[i][0])))
        shortest = min(spare, key=lambda img: img.words(False))
        if shortest.words(False) >= len(t.words_of(units.texts()[i][0])):
            break
        spare.remove(shortest)
        units.images[i][0], units.full[i][0] = shortest, False
    # Too short with every unit full: restore optional words.
    for i in range(n):
        for j in range(len(units.images[i])):
            if lo is not None and units.word_count() < lo and not units.full[i][j]:
                if hi is None or units.word_count() + 3 <= hi:
                    units.full[i][j] = True


def _syllables(text: str) -> int:
    from rubric_core.checks.syllables import count_syllables_in_line

    return count_syllables_in_line(text)


_BREAK = re.compile(
    # Only where the head reads whole on its own ("the moon rises | over the harbor"); a cut after a verb that
    # needs its object ("the wind combs | through the grass") would leave a fragment.
    r"\s(?:over|in|on|across|at|into|above|under|along|by)\s"
)


def _fragments(img: Image, subject: str = "") -> list[str]:
    """The image as a haiku line may use it: whole, without its optional words, or cut before a preposition
    (never inside the subject's own phrase: "I keep my first day | at school" would say something else)."""
    out = [img.full, img.short]
    for form in (img.full, img.short):
        if subject and subject.lower() in form.lower():
            continue
        for m in _BREAK.finditer(form):
            head = form[: m.start()]
            if len(head.split()) >= 2:
                out.append(head)
    return list(dict.fromkeys(out))


def fit_syllables(
    units: Units, main: list[Image], fill: list[Image], pattern: list[int], variant: int, brief: Brief
) -> None:
    """Pick, for each line, an image (or the start of one) of exactly the syllables wanted; the variant moves
    one line to its next option, as it does for any poem. The first line names the subject when one can."""
    n = len(pattern)
    offsets = unit_offsets(n, variant, cycle=n * 4)
    used: list[str] = []
    for i, want in enumerate(pattern):
        # The subject's own images come first, then the rest, each as whole images and as their heads.
        options = [f for img in main + fill for f in _fragments(img, brief.subject) if _syllables(f) == want]
        options = [f for f in dict.fromkeys(options) if f not in used]
        if i == 0:
            naming = [f for f in options if _names_subject(Image(full=f, short=f), brief)]
            options = naming or options
        else:
            # Lines that repeat no word of four letters or more from the lines above read better.
            said = {w.lower() for line in used for w in t.words_of(line) if len(w) > 3}
            fresh = [f for f in options if not said & {w.lower() for w in t.words_of(f)}]
            options = fresh or options
        if not options:
            continue
        text = options[offsets[i] % len(options)]
        units.images[i], units.full[i] = [Image(full=text, short=text)], [True]
        used.append(text)


_JOINS = (", and ", " as ", " and ", ", while ")
"""How two images share a line or a sentence (a bare comma between them would be a comma splice)."""


def _sentence(parts: list[str], seed: int, wants: Wants) -> str:
    joins = [j for j in _JOINS if allowed(j, wants)] or [" and "]
    text = parts[0]
    for k, part in enumerate(parts[1:]):
        text += joins[(seed + k) % len(joins)] + part
    return text[:1].upper() + text[1:]


def render_poem(units: Units, seed: int, wants: Wants) -> str:
    """Lines with a capital at the start; a comma inside a stanza's sentence, a full stop at its end."""
    lines = []
    texts = units.texts()
    for i, parts in enumerate(texts):
        line = _sentence(parts, seed + i, wants)
        last = i == len(texts) - 1
        end = "." if last or (len(texts) >= 4 and i % 2 == 1) else ","
        lines.append(line + end)
    return "\n".join(lines)


def render_paragraph(units: Units, seed: int, wants: Wants) -> str:
    """Sentences, each one or two images, in one paragraph."""
    return " ".join(_sentence(parts, seed + i, wants) + "." for i, parts in enumerate(units.texts()))


def _word_range(brief: Brief, wants: Wants, n: int, poem: bool) -> tuple[int | None, int | None]:
    if wants.words is not None:
        return wants.words
    per = (4, 10) if poem else (5, 14)
    return (n * per[0], None)


def _place_terms(units: Units, brief: Brief, wants: Wants, variant: int) -> set[int]:
    """Give each required word the chosen images lack an image of its own: it takes over a line after the
    first (the first names the subject), or joins one when there are more words than lines. A line that
    already names a required word keeps it, and no two lines share a frame ("I think of ... when ...").
    Returns the ids of those images, which later fitting must keep."""
    texts = units.texts()
    text = " ".join(" ".join(row) for row in texts)
    terms = _missing_terms(wants, brief)
    missing = [term for term in terms if not check_contains(text, terms=[term]).passed]
    n = len(units.images)
    holding = {i for i, row in enumerate(texts) if any(check_contains(" ".join(row), terms=[w]).passed for w in terms)}
    free = [i for i in (range(1, n) if n > 1 else [0]) if i not in holding] or list(range(1, n) if n > 1 else [0])
    free = free[brief.seed % len(free) :] + free[: brief.seed % len(free)]
    kept: set[int] = set()
    frames = {f for row in texts for line in row if (f := template_of(line)) is not None}
    for k, term in enumerate(missing):
        options = [img for img in term_images(term, wants, brief) if id(img) not in kept]
        if not options:
            continue
        # Each term starts at a different image, and takes a frame no other line uses.
        start = (variant + k) % len(options)
        ordered = options[start:] + options[:start]
        img = next((o for o in ordered if template_of(o.full) not in frames), ordered[0])
        frame = template_of(img.full)
        if frame is not None:
            frames.add(frame)
        if k < len(free):
            units.images[free[k]], units.full[free[k]] = [img], [True]
        else:
            row = free[k % len(free)]
            units.images[row].append(img)
            units.full[row].append(True)
        kept.add(id(img))
    return kept


def compose(brief: Brief, wants: Wants, variant: int, poem: bool) -> str:
    """A poem (lines) or a descriptive paragraph (sentences) about the brief's subject."""
    main, fill = image_pool(brief, wants)
    n = default_units(brief, poem)
    if wants.words is not None and wants.words[1] is not None:
        n = min(n, max(1, wants.words[1] // 6))  # a word limit the default shape cannot meet: fewer lines
    n = clamp(n, wants.lines if poem else wants.sentences)
    if wants.syllables and poem:
        n = len(wants.syllables)
    candidates = main + fill
    if not candidates and wants.letters_out:
        # No image avoids the letter ("t" or "s" rule out nearly everything): a fluent draft that still has it
        # beats words with letters cut out; the grader will say the letter is there.
        return compose(brief, replace(wants, letters_out=set()), variant, poem)
    if not candidates:
        return ""
    naming: dict[int, bool] = {}

    def first_ok(img: Image) -> bool:
        if id(img) not in naming:
            naming[id(img)] = _names_subject(img, brief)
        return naming[id(img)]

    chosen = choose(main, fill, n, variant, first_ok=first_ok)
    units = Units(images=[[img] for img in chosen[:n]], full=[[True] for _ in chosen[:n]])
    _lead_with_subject(units, brief, main)
    if wants.syllables and poem:
        fit_syllables(units, main, fill, wants.syllables, variant, brief)
    else:
        kept = _place_terms(units, brief, wants, variant)
        lo, hi = _word_range(brief, wants, len(units.images), poem)
        fit_words(units, [c for c in candidates if c not in units.used()], lo, hi, wants.sensory, brief.seed, kept)
    text = render_poem(units, brief.seed, wants) if poem else render_paragraph(units, brief.seed, wants)
    return _pronouns(text, brief.subject) if not brief.topics else text


def _names_subject(img: Image, brief: Brief) -> bool:
    """Whether an image names the subject: its main topic (or a word the grader ties to it), else the
    subject's first content word."""
    words = word_forms(img.full)
    if brief.topics:
        key = brief.topics[0]
        return bool(words & ({key} | lexicons.topic_words(key)))
    head = content_words(brief.subject)[:1]
    return bool(head) and head[0].lower() in words


def _lead_with_subject(units: Units, brief: Brief, main: list[Image]) -> None:
    """Open with an image that names the subject (a reader should know at once what the poem is about, and
    what "it" in a later line refers to): one already chosen, else the subject's first image that does."""
    if not units.images or _names_subject(units.images[0][0], brief):
        return
    for i in range(1, len(units.images)):
        if _names_subject(units.images[i][0], brief):
            units.images[0], units.images[i] = units.images[i], units.images[0]
            units.full[0], units.full[i] = units.full[i], units.full[0]
            return
    naming = next((img for img in main if img not in units.used() and _names_subject(img, brief)), None)
    if naming is not None:
        units.images[0][0], units.full[0][0] = naming, True
        return
    # Nothing names it (a lipogram cannot say "kite"): at least do not open on "it" with nothing before it.
    for i, row in enumerate(units.images):
        if not _PRONOUN_START.match(row[0].full):
            units.images[0], units.images[i] = units.images[i], units.images[0]
            units.full[0], units.full[i] = units.full[i], units.full[0]
            return


_PRONOUN_START = re.compile(r"(?:it|its|his|her|their|they|he|she)\b", re.IGNORECASE)


def _pronouns(text: str, subject: str) -> str:
    """Name a subject the banks do not know once; after that it is "it" (four "my grandmother's bicycle"s read badly)."""
    if not subject or subject == "this":
        return text
    pattern = re.compile(re.escape(subject), re.IGNORECASE)
    first = pattern.search(text)
    if not first:
        return text
    head, tail = text[: first.end()], text[first.end() :]

    def _it(m: re.Match[str]) -> str:
        before = tail[: m.start()].rstrip(" ")
        at_start = not before or before[-1] in ".!?\n"
        return "It" if at_start else "it"

    return head + pattern.sub(_it, tail)


def _missing_terms(wants: Wants, brief: Brief) -> list[str]:
    """Required words and topics the images would not bring on their own."""
    terms = list(wants.terms)
    # A name in the subject ("Paris in spring") is what the poem is about even when a bank covers the rest.
    terms += [w for w in content_words(brief.subject) if w[:1].isupper() and not topics_in(w) and w not in terms]
    for topic in wants.topics:
        if not topics_in(topic) and topic.lower() not in [w.lower() for w in content_words(brief.subject)]:
            terms.append(topic)
    return [term for term in terms if allowed(term, wants)]
