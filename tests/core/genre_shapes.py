"""Whether a draft has the shape of the kind of text asked for (issue 38, item 1), judged from the draft alone.

`shape_faults(draft, genre)` names what the draft lacks for its genre: an email without a subject line, a job
post without requirements, a SQL task answered in prose, a limerick of three lines. The genre names are the
blind sets' labels (tests/core/writing_blind_a.py) and the writer's own; `GENRE_OF_LABEL` maps one to the other.
"""

from __future__ import annotations

import json
import re

GENRE_OF_LABEL = {
    "launch email": "email",
    "apology email": "email",
    "email": "email",
    "job post": "job_post",
    "release notes": "release_notes",
    "recipe": "recipe",
    "cover letter": "cover_letter",
    "story opening": "story_opening",
    "tweet": "tweet",
    "tweet thread": "thread",
    "FAQ answer": "faq_answer",
    "product description": "product_description",
    "meeting minutes": "meeting_notes",
    "meeting notes": "meeting_notes",
    "list of tips": "tips",
    "limerick": "limerick",
    "haiku": "haiku",
    "sonnet": "sonnet",
    "poem": "poem",
    "Python function with tests": "function",
    "SQL query": "sql",
    "JSON config": "json",
    "JSON object": "json",
    "LinkedIn post": "linkedin_post",
    "landing-page hero text": "landing_page",
    "event invitation": "invitation",
    "press release": "press_release",
    "README section": "readme_section",
    "bug report": "bug_report",
    "speech opening": "speech",
    "newsletter blurb": "newsletter",
    "customer support reply": "support_reply",
}

_GREETING = re.compile(r"(?im)^(?:hi|hello|hey|dear|good (?:morning|afternoon|evening))\b[^\n]{0,60}[,!:]?\s*$")
_SIGN_OFF = re.compile(
    r"(?im)^(?:best|best wishes|kind regards|regards|warm regards|warmly|thanks|thank you|many thanks|cheers|"
    r"sincerely|yours sincerely|yours faithfully|yours|all the best|with thanks|see you there|talk soon)\b[^\n]{0,30}"
    r"[,!.]?\s*$"
)
_BULLETS = re.compile(r"(?m)^\s*(?:[-*•]|\d+[.)])\s+\S")
_NUMBERED = re.compile(r"(?m)^\s*\d+[.)]\s+\S")
_HEADING = re.compile(r"(?m)^(?:#{1,4} \S.*|\*\*[^*\n]+\*\*:?|[A-Z][A-Za-z /&'-]{2,40}:)\s*$")


def _lines(text: str) -> list[str]:
    return [line.strip() for line in text.strip().splitlines() if line.strip()]


def _prose_blocks(text: str) -> bool:
    """Prose: no headings, bullets or email framing."""
    return not _BULLETS.search(text) and not re.search(r"(?im)^subject:", text) and not re.search(r"(?m)^#", text)


def _has(text: str, *labels: str) -> bool:
    return any(re.search(rf"(?im)^(?:#+\s*|\*\*)?{label}\b", text) for label in labels)


def _code_block(text: str, lang: str = r"\w*") -> str:
    """Every fenced block of the language, joined (a function and its tests may be in two)."""
    return "\n".join(m.group(1) for m in re.finditer(rf"```{lang}\s*\n(.*?)```", text, re.DOTALL))


def shape_faults(draft: str, genre: str) -> list[str]:
    """What the draft lacks to be a text of `genre` (a label of the blind sets or a writer genre)."""
    genre = GENRE_OF_LABEL.get(genre, genre)
    text = draft.strip()
    lines = _lines(text)
    out: list[str] = []

    def need(ok: object, what: str) -> None:
        if not ok:
            out.append(f"{genre}: {what}")

    if genre in ("email", "support_reply", "cover_letter"):
        need(_GREETING.search(text), "no greeting line")
        need(_SIGN_OFF.search(text) or (lines and len(lines[-1].split()) <= 5), "no sign-off")
        if genre == "email":
            need(re.search(r"(?im)^subject:\s*\S", text), "no subject line")
        if genre == "cover_letter":
            need(len(re.split(r"\n\s*\n", text)) >= 4, "fewer than two body paragraphs")
    elif genre == "job_post":
        need(_has(text, "about", "who we are", "the company"), "no about part")
        need(_has(text, "responsibilities", "what you.ll do", "the role", "duties"), "no responsibilities")
        need(_has(text, "requirements", "what we.re looking for", "you have", "about you", "skills"), "no requirements")
        need(_has(text, "how to apply", "to apply", "apply"), "no how-to-apply part")
    elif genre == "release_notes":
        need(_BULLETS.search(text) or len(lines) == 1, "no bullet list")
        need(lines and re.search(r"\d|release|notes|what.s new", lines[0], re.IGNORECASE), "no version heading")
    elif genre == "recipe":
        need(_has(text, "ingredients"), "no ingredient list")
        need(_NUMBERED.search(text) or _has(text, "method", "steps", "instructions"), "no steps")
    elif genre in ("story_opening", "speech", "newsletter", "product_description", "faq_answer"):
        need(not re.search(r"(?im)^subject:", text), "framed as an email")
        need(len(re.findall(r"[.!?]", text)) >= 2, "fewer than two sentences")
        if genre in ("story_opening", "speech", "faq_answer"):
            need(_prose_blocks(text), "not prose (headings or bullets)")
    elif genre == "tweet":
        need(len(text) <= 280, f"{len(text)} characters, over 280")
        need(not re.search(r"(?im)^subject:", text), "framed as an email")
    elif genre == "thread":
        tweets = re.findall(r"(?m)^\s*\d+/\d+\b", text)
        need(len(tweets) >= 2, "no numbered tweets (1/n)")
    elif genre == "linkedin_post":
        need(not re.search(r"(?im)^subject:", text), "framed as an email")
        need(len(re.findall(r"[.!?]", text)) >= 2, "fewer than two sentences")
    elif genre == "meeting_notes":
        need(_has(text, "attendees", "present"), "no attendees")
        need(_has(text, "decisions?", "action items?", "actions", "next steps"), "no decisions or action items")
    elif genre == "tips":
        need(len(_BULLETS.findall(text)) >= 3, "fewer than three list items")
    elif genre in ("haiku", "limerick", "sonnet", "poem"):
        want = {"haiku": 3, "limerick": 5, "sonnet": 14}.get(genre)
        need(want is None or len(lines) == want, f"{len(lines)} lines, not {want}")
        need(not _BULLETS.search(text) and not re.search(r"(?im)^subject:", text), "not verse")
    elif genre == "function":
        code = _code_block(text, r"(?:python|py)?")
        need(re.search(r"(?m)^\s*def \w+\(", code), "no Python function in a code block")
        need(re.search(r"\bassert\b|def test_|unittest", code), "no tests")
    elif genre == "sql":
        code = _code_block(text, r"(?:sql)?") or text
        need(re.search(r"(?is)\bselect\b.+\bfrom\b", code), "no SELECT ... FROM query")
    elif genre == "json":
        body = _code_block(text, r"(?:json)?") or text
        try:
            value = json.loads(body)
        except ValueError:
            value = None
        need(isinstance(value, dict), "no JSON object")
    elif genre == "landing_page":
        need(_has(text, "headline"), "no headline")
        need(_has(text, "cta", "button", "call to action"), "no CTA")
    elif genre == "invitation":
        need(len(re.findall(r"[.!?]", text)) >= 1, "no sentence")
        need(not re.search(r"(?im)^subject:", text) or _GREETING.search(text), "an email without a greeting")
    elif genre == "press_release":
        need(re.search(r"(?m)^[A-Z][A-Za-z .]+,[^\n]{0,40}(?:—|–|-)", text), "no dateline")
        need(re.search(r"[“\"][^”\"]{10,}[”\"]", text), "no quote")
        need(_has(text, "about "), "no About section")
        need(_has(text, "media contact", "contact", "press contact"), "no media contact")
    elif genre == "readme_section":
        need(re.search(r"(?m)^#{1,3} \S", text), "no Markdown heading")
    elif genre == "bug_report":
        need(_has(text, "steps to reproduce", "steps"), "no steps to reproduce")
        need(_has(text, "expected"), "no expected behaviour")
        need(_has(text, "actual"), "no actual behaviour")
    return out
