"""The image banks as images a poem or a paragraph can use: each with its optional words and without them, the
pool for a subject (its own topics first, then neighbours and general ones), the choice of distinct images a
variant moves one at a time, and the images that say a word the rubric asks for."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from rubric_core.checks import lexicons, patterns
from rubric_core.checks import text as t
from rubric_core.checks.contents import check_contains, check_not_contains
from rubric_core.models._data import poems
from rubric_core.models._task import Brief, content_words, topics_in
from rubric_core.models._wants import Wants


@dataclass(frozen=True, eq=False)
class Image:
    """One image as it can be written: with its optional words, and without them (compared by identity:
    a pool holds each image once, and choosing among a few hundred must stay cheap)."""

    full: str
    short: str

    def words(self, full: bool = True) -> int:
        return len(t.words_of(self.full if full else self.short))


@lru_cache(maxsize=8192)
def _forms(raw: str) -> tuple[str, str]:
    full = re.sub(r"\s+", " ", raw.replace("[", "").replace("]", "")).strip()
    short = re.sub(r"\s+", " ", re.sub(r"\[[^\]]*\]", "", raw)).strip()
    return full, short


def allowed(text: str, wants: Wants) -> bool:
    """Whether text avoids every letter, word and kind of content the rubric forbids ("Does not use
    exclamation marks", "Does not include a question")."""
    low = text.lower()
    if any(letter in low for letter in wants.letters_out):
        return False
    if wants.patterns_out and any(patterns.find(name, text) for name in wants.patterns_out):
        return False
    return not wants.words_out or check_not_contains(text, terms=wants.words_out).passed


def _image(raw: str, wants: Wants) -> Image | None:
    full, short = _forms(raw)
    ok = [form for form in (full, short) if allowed(form, wants)]
    if not ok:
        return None
    return Image(full=ok[0], short=ok[-1])


def _rotate(items: list[str], seed: int) -> list[str]:
    if not items:
        return items
    k = seed % len(items)
    return items[k:] + items[:k]


def noun_phrase(term: str) -> str:
    from rubric_core.models._grammar import MASS as MASS_NOUNS

    words = term.split()
    if len(words) > 1:
        # "the safety bicycle", "the draisine of 1817", "the QA team"; but "climate change", "New York",
        # "a red door" and "1817 maps" as they are. The head noun decides: "bicycle", "draisine", "team".
        acronym = len(words[0]) > 1 and words[0].isupper() and words[-1].islower()
        if (not term[:1].islower() and not acronym) or words[0].lower() in _DETERMINERS:
            return term
        head = words[: words.index("of", 1)][-1] if "of" in words[1:] else words[-1]
        return term if not head.isalpha() or noun_phrase(head) == head else f"the {term}"
    low = term.lower()
    # Names, plurals, mass and abstract nouns go without "the" ("productivity", "caffeine", "Paris", "rocks").
    if term[:1].isupper() or not term[:1].isalpha() or low.endswith(_BARE_ENDINGS) or low in MASS_NOUNS:
        return term  # a token ("#4821", "$49") goes without "the" too
    return f"the {term}"


_DETERMINERS = frozenset("a an the my our your their his her its this that these those some any every no".split())


_BARE_ENDINGS = ("s", "ity", "ness", "ment", "tion", "sion", "ism", "ship", "ance", "ence", "ing")


def image_pool(brief: Brief, wants: Wants) -> tuple[list[Image], list[Image]]:
    """(images about the subject, general images to fill with), filtered by what the rubric forbids."""
    no_e = "e" in wants.letters_out
    images = poems().IMAGES_NO_E if no_e else poems().IMAGES
    topics = list(brief.topics)
    for topic in wants.topics:
        for key in topics_in(topic) or ():
            if key not in topics:
                topics.insert(0, key)
    per_topic = [_rotate(list(images.get(key, ())), brief.seed >> (i * 3)) for i, key in enumerate(topics)]
    ordered: list[str] = []
    # Round-robin over the topics, so "the moon over a harbor" mixes moon and harbor images.
    for row in range(max((len(p) for p in per_topic), default=0)):
        ordered += [p[row] for p in per_topic if row < len(p)]
    general = _rotate(list(poems().GENERIC_IMAGES_NO_E if no_e else poems().GENERIC_IMAGES), brief.seed >> 7)
    # Then the images of neighbouring topics, so a long run stays on theme before it reaches general ones.
    near = [k for key in topics for k in poems().NEIGHBORS.get(key, ()) if k not in topics]
    general = [raw for key in dict.fromkeys(near) for raw in _rotate(list(images.get(key, ())), brief.seed)] + general
    if not topics and brief.subject and brief.subject != "this":
        # A subject the banks do not know: its own images alternate with general ones.
        own = [s.replace("{s}", brief.subject) for s in _rotate(list(poems().SUBJECT_IMAGES), brief.seed)]
        for a, b in zip(own, general, strict=False):
            ordered += [a, b]
        general = general[len(own) :]
    main = [img for img in (_image(raw, wants) for raw in dict.fromkeys(ordered)) if img]
    said = {img.full for img in main}
    fill = [img for img in (_image(raw, wants) for raw in dict.fromkeys(general)) if img and img.full not in said]
    return main, fill


def default_units(brief: Brief, poem: bool) -> int:
    """How many lines (or sentences) the writer picks when the rubric does not say."""
    if poem:
        return {"short": 3, "normal": 4, "long": 6}[brief.size]
    return {"short": 3, "normal": 4, "long": 6}[brief.size]


def clamp(n: int, want: tuple[int | None, int | None] | None) -> int:
    if want is None:
        return n
    lo, hi = want
    if lo is not None and n < lo:
        n = lo
    if hi is not None and n > hi:
        n = hi
    return max(1, n)


def unit_offsets(n: int, variant: int, cycle: int) -> list[int]:
    # Variant k moves unit (k-1) % n on by one option; after a full cycle a shear keeps combinations new.
    return [(variant + n - 1 - i) // n + (variant // max(cycle, 1)) * i for i in range(n)]


def choose(
    main: list[Image], fill: list[Image], n: int, variant: int, first_ok: Callable[[Image], bool] | None = None
) -> list[Image]:
    """n distinct images (the subject's own first, each unlike the others). Variant k then moves unit
    (k-1) % n to the next image it has not shown, leaving the other units as they were, so a revision
    that must change something changes one line; `first_ok` keeps the opening line naming the subject."""
    candidates = main + fill
    if not candidates or n <= 0:
        return []
    naming = [c for c in candidates if first_ok(c)] if first_ok is not None else []
    picked: list[Image] = []
    for i in range(n):
        lane = main[i::n] + fill[i::n] + candidates
        if i == 0 and naming:
            lane = naming
        options = [c for c in lane if c not in picked] or lane
        picked.append(next((c for c in options if _fresh(c, picked)), options[0]))
    shown: list[set[int]] = [{id(p)} for p in picked]
    for k in range(variant):
        i = k % n
        if i == 0 and len(naming) < 2 and n > 1:
            i = 1  # the opening line has no other image that names the subject: the next line moves instead
        others = picked[:i] + picked[i + 1 :]
        lane = naming if i == 0 and naming else main[i::n] + fill[i::n] + candidates
        options = [c for c in lane if c not in others and id(c) not in shown[i]]
        if not options:
            shown[i] = {id(picked[i])}
            options = [c for c in lane if c not in others and c is not picked[i]]
        if options:
            picked[i] = next((c for c in options if _fresh(c, others)), options[0])
            shown[i].add(id(picked[i]))
    return picked


_COMMON = frozenset("the and its with from into over onto through across a an of in on at to as is".split())


def _fresh(img: Image, picked: list[Image]) -> bool:
    """Whether an image repeats little of the ones already picked: one shared word is fine ("moon" twice),
    two ("tin roof") or one long one ("hollow") read as a repeat."""
    said = {w.lower() for p in picked for w in t.words_of(p.full) if len(w) > 2} - _COMMON
    shared = {w.lower() for w in t.words_of(img.full)} & said
    return len(shared) < 2 and not any(len(w) >= 6 for w in shared)


@dataclass
class Units:
    """The images of each unit, and whether each is written with its optional words."""

    images: list[list[Image]]
    full: list[list[bool]]

    def texts(self) -> list[list[str]]:
        return [
            [img.full if f else img.short for img, f in zip(row, flags, strict=True)]
            for row, flags in zip(self.images, self.full, strict=True)
        ]

    def word_count(self) -> int:
        return sum(len(t.words_of(s)) for row in self.texts() for s in row)

    def used(self) -> list[Image]:
        return [img for row in self.images for img in row]


def count_sensory(units: Units) -> int:
    return len(lexicons.sensory_words_in(t.words_of(" ".join(" ".join(r) for r in units.texts()).lower())))


def term_images(term: str, wants: Wants, brief: Brief) -> list[Image]:
    """Images that name a required word: the banks' own for the word's topic and the subject's (never an image
    of another subject: "its bushy tail ... rust" is a fox's, not a bicycle's), then ones written around it
    (the word as an object, so a plural reads right: "I think of rocks", never "rocks waits")."""
    names = tuple(w for w in content_words(brief.subject) if w[:1].isupper())
    key = (term, tuple(sorted(wants.letters_out)), tuple(wants.words_out), (*brief.topics, *names))
    return list(_term_images(*key))


@lru_cache(maxsize=512)
def _term_images(
    term: str, letters_out: tuple[str, ...], words_out: tuple[str, ...], topics: tuple[str, ...]
) -> tuple[Image, ...]:
    # Cached: every variant of every revision of a run asks again for the same word's images.
    wants = Wants(letters_out=set(letters_out), words_out=list(words_out))
    banks = (poems().IMAGES_NO_E,) if "e" in letters_out else (poems().IMAGES, poems().IMAGES_NO_E)
    own = [raw for b in banks for key in (*topics_in(term), *topics) for raw in b.get(key, ())]
    own += list(poems().GENERIC_IMAGES_NO_E if "e" in letters_out else poems().GENERIC_IMAGES)
    # Then the neighbouring topics' images that say the word: a real image ("salt foam boils on wild rocks"),
    # never a frame around it, and never an image of an unrelated subject (a fox's tail on a bicycle).
    near = [k for key in topics for k in poems().NEIGHBORS.get(key, ())]
    own += [raw for b in banks for key in near for raw in b.get(key, ())]
    found = [raw for raw in dict.fromkeys(own) if check_contains(_forms(raw)[1], terms=[term]).passed]
    if term in topics or any(term.lower() in topic for topic in topics):
        # A word the task's own subject gives ("Paris" of "Paris in spring") may be framed; a word only the
        # rubric asks for never is ("There is a story in the season" held a word and said nothing).
        found += [raw.replace("{s}", noun_phrase(term)) for raw in poems().SUBJECT_IMAGES if not raw.startswith("{s}")]
    out = []
    for raw in dict.fromkeys(found):
        img = _image(raw, wants)
        if img is not None and check_contains(img.short, terms=[term]).passed:
            out.append(Image(full=img.short, short=img.short))
    return tuple(out)


@lru_cache(maxsize=1)
def _frames() -> tuple[tuple[int, re.Pattern[str]], ...]:
    out = []
    for i, raw in enumerate(poems().SUBJECT_IMAGES):
        for form in _forms(raw):
            before, _, after = form.partition("{s}")
            out.append((i, re.compile(re.escape(before) + r".+" + re.escape(after), re.IGNORECASE)))
    return tuple(out)


@lru_cache(maxsize=8192)
def template_of(text: str) -> int | None:
    """Which of the banks' sentence frames around a subject (SUBJECT_IMAGES) a line is written in, if any."""
    return next((i for i, pattern in _frames() if pattern.fullmatch(text)), None)


@lru_cache(maxsize=8192)
def word_forms(text: str) -> frozenset[str]:
    """The singular forms of the words of a text, as the grader reads them (cached: images recur)."""
    return frozenset(form for w in t.words_of(text) for form in lexicons.singular_forms(w))
