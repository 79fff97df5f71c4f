"""Where a word, a phrase or a token stands in a text: anywhere, at its very start, or at its very end.

A word or phrase matches as whole words, with a plural or -ed/-ing ending or another form of the same
word; a literal token as written, never inside a longer one (`$49` is not in `$490`). Both accept the
spellings of the same meaning normalise.py lists ("Wi-Fi" for WiFi, "thirty days" for 30-day), unless
the criterion names the word itself ("Uses the word e-mail": `spelled`). "Starts with" and "Ends with"
look at the text's first or last words, or at those of its body when it is framed as a letter
(framing.py: "Hi there," and "Best, / Anna" are not what the text starts or ends with).
"""

from __future__ import annotations

from rubric_core.checks import lexicons
from rubric_core.checks.framing import GREETING_RE, SIGN_OFF_RE, frame_of
from rubric_core.checks.normalise import compiled, fold, same_word
from rubric_core.checks.text import WORD_RE, lines_of, sentences_of


def term_at(text: str, term: str, spelled: bool = False) -> int | None:
    """Where a word or phrase first stands in `text` (in any spelling of the same meaning: normalise.py; a plural
    or -ed/-ing ending, or another form of the same word, accepted), else None."""
    if len(term) == 1:
        i = text.lower().find(term.lower())
        return i if i >= 0 else None
    m = compiled(term, False, spelled).search(fold(text))
    if m is not None:
        return m.start()
    words = term.lower().split()
    if spelled:
        return None
    # A regular plural that is more than an added -s or -es: "mentions a story" accepts "stories", "leaf" "leaves".
    # (Not the other way: "news" is not "new", "economics" not "economic".)
    if len(words) == 1:
        for w in WORD_RE.finditer(text):
            if words[0] in lexicons.singular_forms(w.group(0)):
                return w.start()
    return _forms_at(text, words)


def _forms_at(text: str, words: list[str]) -> int | None:
    """Where the words stand side by side, each in another form of the same word ("retried" for "retries",
    "automatic retry" for "automatic retries"), else None."""
    if not all(w.isalpha() for w in words):
        return None
    found = list(WORD_RE.finditer(fold(text)))
    for i in range(len(found) - len(words) + 1):
        if all(same_word(w, found[i + k].group(0)) for k, w in enumerate(words)):
            return found[i].start()
    return None


def literal_at(text: str, token: str, spelled: bool = False) -> int | None:
    """Where `token` stands in `text` as written (any case), not inside a longer word or number, else None.

    `$49` is not found in `$490` or `$49.99`, `C++` not in `C+++`, `#4821` not in `#48210`; spaces inside
    the token match any run of white space (a line break too), and the spellings of the same meaning that
    normalise.py lists are accepted ("Wi-Fi" for WiFi, "thirty days" for 30-day, "Version 2.3.1" for v2.3.1).
    """
    if not token.split():
        return None
    m = compiled(token, True, spelled).search(fold(text))
    return m.start() if m else None


def term_spans(text: str, term: str, literal: bool, spelled: bool = False) -> list[int]:
    """Every place the term stands (for a specifier looked for in each one's sentence)."""
    out, start = [], 0
    while start <= len(text):
        at = literal_at(text[start:], term, spelled) if literal else term_at(text[start:], term, spelled)
        if at is None:
            break
        out.append(start + at)
        start += at + max(1, len(term))
    return out


def line_number(text: str, index: int) -> int:
    """The 1-based number of the non-empty line holding `index` (as `lines_of` counts them)."""
    return len(lines_of(text[: index + 1])) or 1


EDGE = "\"'`“”‘’*_#>()[]{} \t\n"
"""Marks around a text's first or last words that are not words: quotes, Markdown, brackets, white space."""


def _framings(text: str, term: str = "", edge: str = "") -> list[str]:
    """The text, and its body when it is framed as a letter. A term that is itself framing ("Begins with 'Dear
    Customer'", "Ends with 'Best regards'") is looked for where the frame is: after the subject line, or at the
    end of the sign-off's own line (the signature under it aside)."""
    frame = frame_of(text)
    if not frame.framed:
        return [text]
    if edge == "start" and GREETING_RE.match(term):
        return [text, text[text.find(frame.greeting) :]] if frame.greeting else [text]
    if edge == "end" and SIGN_OFF_RE.match(term):
        closing = frame.sign_off.splitlines()[0] if frame.sign_off else ""
        return [text, text[: text.rfind(closing) + len(closing)]] if closing else [text]
    return [text, text[frame.start : frame.end]]


def starts_with(text: str, term: str, literal: bool, spelled: bool = False) -> bool:
    """Whether the text (or its body) opens with the term (markup, quotes and white space before it aside)."""
    for candidate in _framings(text, term, "start"):
        body = candidate.lstrip(EDGE)
        at = literal_at(body, term, spelled) if literal else term_at(body, term, spelled)
        if at == 0:
            return True
    return False


def ends_with(text: str, term: str, literal: bool, spelled: bool = False) -> bool:
    """Whether the text (or its body) closes with the term (end punctuation, quotes and white space after it
    aside)."""
    edge = "" if set(term) <= set(EDGE + ".!?…,;:") else EDGE + ".!?…,;:"  # "Ends with ###"
    for candidate in _framings(text, term, "end"):
        body = fold(candidate.rstrip(edge or " \t\n"))
        if any(m.end() == len(body) for m in compiled(term, literal, spelled).finditer(body)):
            return True
        words = term.lower().split()
        if not literal and not spelled and all(w.isalpha() for w in words):
            tail = WORD_RE.findall(body)[-len(words) :]
            if len(tail) == len(words) and all(same_word(w, t) for w, t in zip(words, tail, strict=True)):
                return body.endswith(tail[-1])
    return False


def sentence_at(text: str, index: int) -> str:
    """The sentence holding `index` (the line holding it when no sentence is found where it stands: a heading or a
    list item is read otherwise; never the whole text, whose words stand together in no sentence)."""
    for sentence in sentences_of(text):
        probe = sentence[: min(len(sentence), 30)]
        at = text.find(probe)
        if 0 <= at <= index < at + len(sentence) + 1:
            return sentence
    start = text.rfind("\n", 0, max(index, 0)) + 1
    end = text.find("\n", index)
    return text[start : end if end >= 0 else len(text)]


def near(sentence: str, words: list[str]) -> bool:
    """Whether every word stands in the sentence."""
    return all(term_at(sentence, w) is not None for w in words)


def end_mark(text: str) -> str:
    """The last mark of the text's body (quotes, Markdown emphasis and white space after it aside): '?', '.', ';'."""
    body = _framings(text)[-1].rstrip("\"'`“”‘’*_)] \t\n")
    return body[-1:] if body else ""
