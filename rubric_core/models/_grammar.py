"""Small English helpers for the writer: articles that agree with the next word ("an icy"), capitals and end
marks, lists ("A, B and C"), verb forms (gerund, base form), and speaking to the reader ("his password" ->
"your password")."""

from __future__ import annotations

import re

from rubric_core.numbers import UNITS

_AN_EXCEPTIONS = re.compile(r"^(?:uni|use|usu|uti|ure|euro|eu|ewe|one|once|ubiq|u\b|uk\b)", re.IGNORECASE)
_SILENT_H = re.compile(r"^(?:hour|honest|honou?r|heir)", re.IGNORECASE)
_VOWEL_LETTERS = re.compile(r"^(?:[AEFHILMNORSX]|[AEFHILMNORSX][A-Z0-9]*)$")
"""Acronyms read letter by letter that start with a vowel sound: "an FAQ", "an SQL query", "an HR team"."""
DETERMINERS = frozenset(
    "a an the my our your their his her its this that these those some any every each no one two three four five "
    "six seven eight nine ten all both another".split()
)
MASS = frozenset(
    "water air money time food love music coffee rain snow sugar energy data feedback information news work help "
    "advice software equipment furniture knowledge evidence progress education health travel research traffic "
    "weather safety parking pay salary insurance documentation support pizza bread chili".split()
)


def an(word: str) -> str:
    """ "a" or "an" for the word that follows."""
    w = word.strip("\"'“‘(`")
    if not w:
        return "a"
    first = w.split()[0].strip(",.")
    caps = re.match(r"[A-Z]{2,}(?=[^a-z]|$)", first)
    if caps:
        return "an" if _VOWEL_LETTERS.match(caps.group(0)) else "a"
    if w[0].isdigit():
        return "an" if re.match(r"(?:8|11|18)(?!\d)|8\d", w) else "a"
    if _SILENT_H.match(w):
        return "an"
    return "an" if w[0].lower() in "aeiou" and not _AN_EXCEPTIONS.match(w) else "a"


def with_article(phrase: str) -> str:
    """The phrase with "a"/"an" unless it has a determiner, is a name, a plural or a mass noun."""
    p = phrase.strip()
    if not p:
        return p
    words = p.split()
    first = words[0].lower()
    core = re.split(r"\s+(?:that|which|who|for|with|of|from|in|on|at|to)\s+", p)[0].split()
    head = re.sub(r"[^a-z-]", "", core[-1].lower())
    proper = p[0].isupper() and not (re.match(r"[A-Z]{2,}", p) and words[-1].islower())
    if first in DETERMINERS or proper or p[0].isdigit() or p[0] in "$€£#'\"“`":
        return p
    if (head.endswith("s") and not head.endswith(("ss", "us", "is"))) or head in MASS:
        return p
    return f"{an(p)} {p}"


def fix_articles(text: str) -> str:
    """Make every "a"/"an" agree with the word after it."""

    def swap(m: re.Match[str]) -> str:
        article, word = m.group(1), m.group(2)
        want = an(word)
        if article[0].isupper():
            want = want.capitalize()
        return f"{want} {word}"

    return re.sub(r"\b(a|an|A|An)\s+([\w$€£#'\"“`-][\w'’.-]*)", swap, text)


def cap(text: str) -> str:
    """The text with a capital first letter (a lower-case name such as "iPhone" or a code token stays)."""
    s = text.strip()
    if not s or s[0] in "`'\"" or re.match(r"[a-z]+[A-Z0-9]", s.split()[0]):
        return s
    return s[0].upper() + s[1:]


def sentence(text: str, mark: str = ".") -> str:
    """A sentence: capital first letter, one end mark."""
    s = cap(re.sub(r"\s+", " ", text).strip().rstrip(",;:"))
    if not s:
        return s
    if s[-1] in ".!?":
        return s
    if s[-1] in ")\"'”’" and len(s) > 1 and s[-2] in ".!?":
        return s
    return s + mark


def join(items: list[str], last: str = "and") -> str:
    """ "A", "A and B", "A, B and C"."""
    items = [i for i in (x.strip() for x in items) if i]
    if len(items) <= 1:
        return items[0] if items else ""
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


_IRREGULAR_ING = {"be": "being", "see": "seeing", "die": "dying", "lie": "lying", "tie": "tying", "flee": "fleeing"}
_DOUBLE = re.compile(r"^(?:[^aeiou]*[aeiou][^aeiouwxy])$")


def gerund(verb: str) -> str:
    """write -> writing, run -> running, stay -> staying."""
    v = verb.lower()
    if v in _IRREGULAR_ING:
        return _IRREGULAR_ING[v]
    if v.endswith("ie"):
        return v[:-2] + "ying"
    if v.endswith("e") and not v.endswith(("ee", "ye", "oe")):
        return v[:-1] + "ing"
    if _DOUBLE.match(v) and len(v) <= 4 and v not in ("fix", "mix", "open", "visit"):
        return v + v[-1] + "ing"
    return v + "ing"


def base_of_ing(word: str) -> str:
    """exporting -> export, saving -> save, running -> run."""
    from rubric_core.models._data import load

    stem = word[:-3] if word.endswith("ing") else word
    if stem + "e" in set(load("words.toml")["verbs"]["e_final"].split()):
        return stem + "e"
    if re.search(r"([^aeiou])\1$", stem) and not stem.endswith(("ll", "ss", "ff", "zz")):
        return stem[:-1]
    return stem


def base_form(verb: str) -> str:
    """turns -> turn, fixes -> fix, carries -> carry (a third-person verb back to its base)."""
    v = verb
    if re.search(r"(?:ss|sh|ch|x|z|o)es$", v):
        return v[:-2]
    if re.search(r"[^aeiou]ies$", v):
        return v[:-3] + "y"
    if v.endswith("s") and not v.endswith("ss"):
        return v[:-1]
    return v


_TO_YOU = (
    (r"\b(?:he|she|they) (?:is|are)\b", "you are"),
    (r"\b(?:he|she|they) (?:was|were)\b", "you were"),
    (r"\b(?:he|she|they) (?:has|have)\b", "you have"),
    (r"\b(?:he|she|they) (?:does|do)\b", "you do"),
    (r"\b(?:he|she|they)'s\b", "you're"),
    (r"\b(?:he|she|they)\b", "you"),
    (r"\b(?:his|her|their)\b", "your"),
    (r"\b(?:him|them)\b", "you"),
    (r"\b(?:himself|herself|themselves)\b", "yourself"),
)


def to_you(text: str) -> str:
    """Third person about the reader to second person: "clear his browser cache" -> "clear your browser cache"."""
    out = text
    for pattern, repl in _TO_YOU:

        def swap(m: re.Match[str], repl: str = repl) -> str:
            return repl.capitalize() if m.group(0)[0].isupper() else repl

        out = re.sub(pattern, swap, out, flags=re.IGNORECASE)
    return re.sub(r"\b([Yy]ou) (\w+?)s\b(?= (?:to|the|a|an|your|in|on|at|that)\b)", _you_verb, out)


def _you_verb(m: re.Match[str]) -> str:
    verb = m.group(2) + "s"
    if verb in ("is", "was", "has", "does", "goes", "always", "sometimes", "perhaps"):
        return m.group(0)
    return f"{m.group(1)} {base_form(verb)}"


NUMBER_NAMES = {n: w for w, n in UNITS.items() if 0 < n <= 12}
"""One to twelve in words, from the one number table (rubric_core/numbers.py)."""


def count_word(n: int) -> str:
    """3 -> "three" (numbers past twelve stay digits)."""
    return NUMBER_NAMES.get(n, str(n))
