"""Fillers for structured work documents: release notes, meeting minutes, a bug report (a job post: _fill_job). What the
task gives goes where the document keeps it; a part the task gives nothing for gets a bracketed placeholder
("[Add pay]") rather than a made-up fact."""

from __future__ import annotations

import re

from rubric_core.models._doc import Ctx, Line, Part, filler
from rubric_core.models._fill_frame import split_point
from rubric_core.models._grammar import cap, join, sentence
from rubric_core.models._read import Point
from rubric_core.models._say import kind_of, plain


def item_text(text: str) -> str:
    return cap(plain(text))


def lines_of(ctx: Ctx, texts: list[str], tag: str = "") -> list[Line]:
    out = []
    for text in texts:
        line = ctx.say(text, tag=tag)
        if line is not None:
            out.append(line)
    return out


# ------------------------------------------------------------------ release notes
_GROUPS = (
    ("New", r"\b(?:new|add(?:s|ed)?|introduc\w*|launch\w*|integration|support for)\b"),
    ("Improved", r"\b(?:faster|improv\w*|better|quicker|speed|performance|\d+% (?:faster|quicker|smaller))\b"),
    ("Removed", r"\b(?:remov\w*|deprecat\w*|drop(?:ped)? support|sunset)\b"),
    ("Fixed", r"\b(?:fix\w*|bug|crash\w*|error|broken|dropping|issue|no longer)\b"),
)


def _change(text: str, group: str) -> str:
    """A change as a release note says it."""
    t = plain(text)
    t = re.sub(r"^(?:the\s+)?(?:new|removed|fix for|fixes? to)\s+", "", t, flags=re.IGNORECASE)
    if group == "Fixed":
        m = re.match(r"(.+?)\s+(\w+ing)\s+(.+)$", t)
        if m and not re.match(r"(?:crash|error)", t, re.IGNORECASE):
            verb = re.sub(r"ing$", "", m.group(2))
            verb = verb + "e" if re.search(r"[^aeiou][aeiou][^aeiouwxy]$", verb) and len(verb) <= 4 else verb
            verb = verb[:-1] if re.search(r"(.)\1$", verb) else verb
            return cap(f"{m.group(1)} no longer {verb}s {m.group(3)}")
        return (
            cap(t)
            if re.match(r"(?:crash|error)", t, re.IGNORECASE) is None
            else cap(f"fixed a {t[:1].lower() + t[1:]}")
        )
    if group == "Removed":
        return cap(f"{t} has been removed") if not re.search(r"remov", t, re.IGNORECASE) else cap(t)
    return cap(t)


def _changes(ctx: Ctx) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for point in ctx.facts.points:
        for piece in split_point(point):
            label = point.label if point.label in ("New", "Fixed", "Improved", "Removed", "Changed", "Added") else ""
            if not label:
                label = next((g for g, pattern in _GROUPS if re.search(pattern, piece.text, re.IGNORECASE)), "Changed")
            label = {"Added": "New"}.get(label, label)
            out.setdefault(label, []).append(_change(piece.text, label))
    return out


@filler("release_title")
def release_title(ctx: Ctx) -> Part | None:
    name = ctx.facts.name or ctx.values.get("what", "")
    version = ctx.values.get("version", "")
    title = name if version and version in name else f"{name} {version}".strip()
    numbered = re.match(r"(?:version\s+)?([\d.]+)", title, re.IGNORECASE)
    if numbered:
        title = "Version " + numbered.group(1)
    if re.search(r"\bone line\b|\bsingle line\b", ctx.facts.task, re.IGNORECASE) or ctx.facts.asks.limits.get(
        "lines"
    ) == (1, 1):
        return None
    return Part("title", [Line(f"## {cap(title)} release notes" if title else "## Release notes")], layout="lines")


@filler("release_changes")
def release_changes(ctx: Ctx) -> Part | None:
    changes = _changes(ctx)
    if ctx.facts.asks.limits.get("lines") == (1, 1):
        name = ctx.facts.name
        verbs = {"New": "adds", "Improved": "brings", "Removed": "removes", "Fixed": "fixes", "Changed": "changes"}
        bits = []
        for group, items in changes.items():
            for item in items:
                first = item.split()[0]
                low = item if re.search(rf"\b{re.escape(first)}\b", ctx.facts.task) else item[:1].lower() + item[1:]
                low = re.sub(r"\s+has been removed$", "", low)
                low = re.sub(r"^(.+?) no longer (.+)$", r"\1 no longer \2", low)
                bits.append(
                    f"{verbs[group]} {low}" if group in ("New", "Removed", "Fixed") and "no longer" not in low else low
                )
        line = ctx.say(sentence(f"{name}: {join(bits)}") if name else sentence(join(bits)))
        return Part("changes", [line], layout="lines") if line else None
    if not changes:
        return Part(
            "changes",
            [
                Line("### New"),
                Line("- [New feature: what it lets people do]"),
                Line("### Improved"),
                Line("- [Improvement: what got better]"),
                Line("### Fixed"),
                Line("- [Bug fix: what no longer goes wrong]"),
            ],
            layout="lines",
        )
    lines = []
    for group in ("New", "Improved", "Changed", "Fixed", "Removed"):
        if group in changes:
            lines.append(Line(f"### {group}"))
            lines += [Line(f"- {item}") for item in changes[group]]
    return Part("changes", lines, layout="lines")


# ------------------------------------------------------------------ meeting minutes
def _attendees(ctx: Ctx) -> list[str]:
    m = re.search(
        r"\b(?:attendees|attending|present|with)\s*:?\s+((?:[A-Z][\w'-]+(?:,\s*|,?\s+and\s+)?)+)", ctx.facts.task
    )
    if not m:
        return []
    return [n for n in re.split(r",\s*|\s+and\s+", m.group(1).strip(" ,")) if n]


def _meeting(ctx: Ctx) -> str:
    for point in ctx.facts.points:
        if re.search(r"\b(?:sync|meeting|stand-?up|retro|review|call|session|board)\b", point.text, re.IGNORECASE):
            return cap(plain(point.text))
    topic = re.sub(r"^(?:our|the|a|an|this|today's)\s+", "", ctx.values.get("topic", ""))
    return cap(topic) if topic else "Meeting"


@filler("minutes_title")
def minutes_title(ctx: Ctx) -> Part | None:
    date = ctx.values.get("date") or "[date]"
    return Part("title", [Line(f"# {_meeting(ctx)} minutes — {date}")], layout="lines")


@filler("minutes_attendees")
def minutes_attendees(ctx: Ctx) -> Part | None:
    names = _attendees(ctx)
    text = ", ".join(names) if names else "[Names of those present]"
    return Part("attendees", [Line(text)], layout="lines")


def _decisions(ctx: Ctx) -> list[Point]:
    return [
        p
        for p in ctx.facts.points
        if re.match(r"(?:we\s+)?(?:decided|agreed|approved|voted|resolved|chose)\b", p.text, re.IGNORECASE)
    ]


def _actions(ctx: Ctx) -> list[str]:
    out = []
    names = _attendees(ctx) or list(ctx.facts.people)
    points = ctx.facts.points
    for i, point in enumerate(points):
        m = re.match(r"([A-Z][\w'-]+)\s+(?:owns|will|to|is to|takes|is taking|handles)\s+(.+)$", point.text)
        if m and m.group(1) in names:
            task = re.sub(r"^(?:own|take|handle)\s+", "", m.group(2))
            due = ""
            if i + 1 < len(points) and re.match(r"due\b", points[i + 1].text, re.IGNORECASE):
                due = f" ({points[i + 1].text})"
            out.append(f"{m.group(1)}: {task[:1].lower() + task[1:]}{due}")
    return out


@filler("minutes_agenda")
def minutes_agenda(ctx: Ctx) -> Part | None:
    if ctx.facts.points:
        return None
    return Part(
        "agenda",
        [
            Line("Call to order"),
            Line("Approval of the previous minutes"),
            Line("[Agenda item]"),
            Line("Any other business"),
        ],
        layout="numbered",
    )


@filler("minutes_decisions")
def minutes_decisions(ctx: Ctx) -> Part | None:
    decisions = []
    for point in _decisions(ctx):
        text = re.sub(
            r"^(?:we\s+)?(?:decided|agreed|approved|voted|resolved|chose)\s+(?:to\s+)?",
            "",
            point.text,
            flags=re.IGNORECASE,
        )
        decisions.append(cap(plain(text)))
    lines = lines_of(ctx, decisions) or [Line("[Decision, and who proposed it]")]
    return Part("decisions", lines, layout="bullets")


@filler("minutes_actions")
def minutes_actions(ctx: Ctx) -> Part | None:
    lines = lines_of(ctx, _actions(ctx)) or [Line("[Owner]: [action] (due [date])")]
    return Part("action items", lines, layout="bullets")


# ------------------------------------------------------------------ bug report
def _bug_statement(ctx: Ctx) -> Point | None:
    label = next((p for p in ctx.facts.points if p.label.lower() in ("the bug", "bug", "issue", "problem")), None)
    if label:
        return label
    return next(
        (
            p
            for p in ctx.facts.points
            if kind_of(p.text) == "clause" and not re.match(r"(?:works|started|environment)", p.text, re.IGNORECASE)
        ),
        None,
    )


def _context(ctx: Ctx) -> str:
    m = re.search(r"\b(on the [\w\s-]+? page(?: in [A-Z][\w]* ?\d*)?)", ctx.facts.task)
    return m.group(1) if m else ""


@filler("bug_title")
def bug_title(ctx: Ctx) -> Part | None:
    bug = _bug_statement(ctx)
    if bug is None:
        return Part("title", [Line("Title: [Short summary of the bug]")], layout="lines")
    text = plain(bug.text)
    where = _context(ctx)
    m = re.match(
        r"exporting (.+?) to (\w+)(?: in ([\w .]+?))? (cuts off|fails|crashes|stops|hangs)(.*)$", text, re.IGNORECASE
    )
    if m:
        title = f"{m.group(2)} export {m.group(4)}{m.group(5)}"
    else:
        title = f"{text} {where.replace('on the ', 'on ')}".strip() if where else text
    most = ctx.facts.asks.scoped.get("title", {}).get("words", (None, None))[1]
    words = title.split()
    if most and len(words) > most:
        title = " ".join(words[:most])
    return Part("title", [Line(f"Title: {cap(title)}")], layout="lines")


def _imperative(phrase: str) -> str:
    from rubric_core.models._grammar import base_of_ing

    words = phrase.split()
    if words and words[0].lower().endswith("ing"):
        return cap(" ".join([base_of_ing(words[0].lower()), *words[1:]]))
    return cap(phrase)


@filler("bug_steps")
def bug_steps(ctx: Ctx) -> Part | None:
    steps = []
    where = _context(ctx)
    env = [v for v in ctx.facts.versions]
    if where:
        steps.append(sentence(f"open {where.replace('on the ', 'the ')}"))
    elif env:
        app = next(
            (
                n
                for n in ctx.facts.names
                if any(n in v or v.startswith(n) for v in [ctx.facts.task[ctx.facts.task.find(n) :][: len(n) + 8]])
            ),
            "",
        )
        named = re.search(r"\b([A-Z][\w]+)\s+" + re.escape(env[-1]), ctx.facts.task)
        steps.append(sentence(f"open {named.group(1) if named else app or 'the app'} {env[-1]}"))
    bug = _bug_statement(ctx)
    if bug:
        m = re.match(
            r"(\w+ing\s+.+?)\s+(?:does|doesn't|cuts|fails|crashes|stops|hangs|shows|returns|is|are)\b", plain(bug.text)
        )
        if m:
            action = re.sub(r"\s+in\s+[A-Z]\w*\s+v?\d[\d.]*$", "", m.group(1))
            steps.append(sentence(_imperative(action)))
    steps.append("See what happens.") if len(steps) < 2 else None
    return Part("steps to reproduce", lines_of(ctx, steps) or [Line("[Step 1]")], layout="numbered")


_PREDICATE = re.compile(
    r"^(\w+ing)\s+(.+?)\s+((?:does nothing|doesn't work|does not work|fails|crashes|stops|hangs|cuts off|freezes|"
    r"returns|shows|throws|times out|is|are)\b.*)$"
)


@filler("bug_expected")
def bug_expected(ctx: Ctx) -> Part | None:
    bug = _bug_statement(ctx)
    text = "[What should happen]"
    m = _PREDICATE.match(plain(bug.text)) if bug else None
    if m:
        works = next((p.text for p in ctx.facts.points if re.match(r"works in\b", p.text, re.IGNORECASE)), "")
        action = m.group(1).lower()
        if re.search(r"cuts off|truncat", m.group(3)):
            text = "The export includes every row."
        elif action.startswith("click") and works:
            text = (
                sentence(f"the payment goes through, as it does in {works.split()[-1]}")
                if "pay" in m.group(2).lower()
                else sentence(f"{m.group(2)} responds, as it does in {works.split()[-1]}")
            )
        else:
            text = sentence(f"{action} {m.group(2).split(' in ')[0]} works without errors")
    return Part("expected", [Line(text)], layout="lines")


@filler("bug_actual")
def bug_actual(ctx: Ctx) -> Part | None:
    bug = _bug_statement(ctx)
    m = _PREDICATE.match(plain(bug.text)) if bug else None
    if m:
        subject = (
            "The export" if m.group(1).lower().startswith("export") else f"{m.group(1)} {m.group(2).split(' in ')[0]}"
        )
        line = ctx.say(sentence(f"{subject} {m.group(3)}"))
    else:
        line = ctx.say(sentence(plain(bug.text))) if bug else None
    return Part("actual", [line or Line("[What happens instead]")], layout="lines")


@filler("bug_environment")
def bug_environment(ctx: Ctx) -> Part | None:
    items = []
    for point in ctx.facts.points:
        low = point.text.lower()
        if re.search(
            r"\b(?:works in|started after|since|environment|windows|macos|linux|ios|android|safari|chrome|firefox|edge)\b",
            low,
        ) or (re.fullmatch(r"[A-Z][\w]*\s+v?\d[\d.]*", point.text.strip())):
            items.append(item_text(re.sub(r"^environment\s+is\s+", "", point.text, flags=re.IGNORECASE)))
        elif point.label.lower() == "severity" or low.startswith("severity"):
            items.append(f"Severity: {plain(point.text).lower()}")
    browsers = re.findall(r"\b(?:Safari|Chrome|Firefox|Edge)\s+\d+\b", ctx.facts.task)
    items = [f"Browser: {b}" for b in browsers if not any(b in i for i in items)] + items
    lines = lines_of(ctx, items) or [Line("[Browser / OS / app version]")]
    return Part("environment", lines, layout="bullets")
