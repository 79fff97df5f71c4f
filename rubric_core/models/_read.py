"""The facts of a task, read the way a writer reads a brief: what the text is about (a name, what it is, who
makes it), who writes and who reads it, the literal facts it gives (prices, dates, links...), and its content
points (what the text must say). The task's instructions are read apart (`_asks_task`) and never become content.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from rubric_core.models import _entities as e
from rubric_core.models._asks_task import TaskAsks, read_asks
from rubric_core.models._clauses import Clause, clauses_of
from rubric_core.models._kinds import _FINITE, kind_of
from rubric_core.models._route import Route, route


@dataclass(frozen=True)
class Point:
    """One piece of content the text must carry, as the task gives it (without its lead-in)."""

    text: str
    label: str = ""
    """The group it belongs to ("Fixed", "New", "Must include")."""
    lead: str = ""
    """The instruction that introduced it ("mention", "tell him to")."""


@dataclass
class Facts:
    """Everything a draft may say, and how the task wants it said."""

    task: str
    route: Route
    clauses: list[Clause]
    asks: TaskAsks
    head: str = ""
    """The task's first clause ("Write a launch email for a budget travel app called Roamly")."""
    subject: str = ""
    """What the text is about, as the head says it after the genre ("a budget travel app called Roamly")."""
    before: str = ""
    """What the head says before the genre word, when it names the thing ("Vegan chili" of "Vegan chili recipe")."""
    name: str = ""
    """The name of the thing the text is about ("Roamly", "Inkwell 2.0")."""
    what: str = ""
    """What it is, without an article ("budget travel app")."""
    org: str = ""
    role: str = ""
    aside: str = ""
    """What the head says in brackets ("we're a bakery delivery startup in Leeds")."""
    relative: str = ""
    """What the head says of the thing in a relative clause ("holds 350 ml and costs $18")."""
    audience: str = ""
    recipient: str = ""
    people: list[str] = field(default_factory=list)
    prices: tuple[str, ...] = ()
    percents: tuple[str, ...] = ()
    dates: tuple[str, ...] = ()
    times: tuple[str, ...] = ()
    links: tuple[str, ...] = ()
    emails: tuple[str, ...] = ()
    phones: tuple[str, ...] = ()
    versions: tuple[str, ...] = ()
    codes: tuple[str, ...] = ()
    quoted: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    points: list[Point] = field(default_factory=list)
    seed: int = 0
    follow_ups: tuple[str, ...] = ()
    """The user's later messages on the same thread ("Now write it about autumn", "Make it shorter")."""
    cache: dict[str, object] = field(default_factory=dict, repr=False, compare=False)
    """What is derived from the facts once (the facts of a task are read once and shared by its revisions)."""

    @property
    def genre(self) -> str:
        return self.route.genre

    def title(self) -> str:
        """The name to head the text with: the name, else what it is, else the subject."""
        return self.name or self.what or self.subject

    def carry(self) -> tuple[str, ...]:
        """The short facts a draft says as the task says them: content points that name a thing (no verb),
        up to five words ("the 30-day free trial", "a 25% discount code SORRY15"). Computed once."""
        found = self.cache.get("carry")
        if not isinstance(found, tuple):
            found = self.cache["carry"] = self._carry()
        return found

    def _carry(self) -> tuple[str, ...]:
        out = [x for x in (self.name, self.org, self.role) if x and len(x.split()) <= 4]
        out += [*self.dates, *self.times, *self.prices, *self.percents]
        for point in self.points:
            for piece in re.split(r",\s+|\s+and\s+|\s+plus\s+", point.text):
                piece = re.sub(r"^(?:plus|and|also|offer|include|mention)\s+", "", piece.strip(), flags=re.IGNORECASE)
                if (
                    piece
                    and len(piece.split()) <= 5
                    and kind_of(piece) not in ("clause", "reader")
                    and not _FINITE.search(piece)
                ):
                    out.append(piece)
        return tuple(out)

    def given(self, text: str) -> bool:
        """Whether the task states this text (case-insensitive)."""
        return text.lower() in " ".join(self.task.lower().split())


_LEAD_VERBS = re.compile(
    r"^(?:(?:hey|hi|ok|okay),?\s+)?(?:please\s+)?(?:can you |could you |would you |i need |we need |i want |we want |"
    r"i'?d like |we'?d like |help me |let'?s )?(?:(?:quickly |just )?(?:write|draft|compose|create|make|produce|give|"
    r"put together|come up with|prepare|generate|turn|craft|do|whip up|knock out)\s+)?(?:me |us |these |this |it )?"
    r"(?:into |up )?(?:an? |the |some |one |my |our )?",
    re.IGNORECASE,
)
_JOIN = re.compile(
    r"^(?:for|about|on|to|announcing|introducing|launching|celebrating|explaining|describing|covering|of|that|"
    r"(?:me |myself |my )?(?:applying|application) (?:to|for)|from|with|regarding|thanking|inviting|asking|telling|"
    r"welcoming|in which|where)\b\s*",
    re.IGNORECASE,
)


def _subject(head: str, span: tuple[int, int]) -> str:
    """The head's words after the genre phrase (before it when nothing follows)."""
    after = head[span[1] :].strip(" ,:-—")
    for _ in range(3):
        after = re.sub(
            r"^(?:\([^)]*\)\s*|(?:copy|text|blurb|section|piece|content|post|item|draft|message|answer)\b\s*)",
            "",
            after,
        )
    to = re.match(
        r"^(?:to|for)\s+(.+?)\s+(?:(?:about|regarding|asking|thanking|inviting|explaining|announcing|apologi[sz]ing|"
        r"reminding)\b\s*(.*)|(that\s+.*))$",
        after,
        re.IGNORECASE,
    )
    if to and (to.group(2) or to.group(3)):
        # "to the team about the deploy freeze": about the freeze (the team reads it); "to the team that
        # timesheets are due Friday": the news
        after = to.group(2) or to.group(3)
    told = re.match(
        r"(?:telling|informing|letting|reminding)\s+(?:the\s|our\s|all\s|everyone\s)?(?:\w+\s+)?(?:know\s+)?(?:that\s+)?"
        r"((?:the|our|a|an|this|my|your)\s.+)$",
        after,
        re.IGNORECASE,
    )
    if told:
        return told.group(1)
    invited = re.match(
        r"inviting\s+(?:the\s|our\s|all\s|my\s)?(.+?)\s+to\s+((?:a|an|the|our|my)\s.+)$", after, re.IGNORECASE
    )
    if invited:
        return invited.group(
            2
        )  # "inviting the design team to a workshop on Tuesday": about the workshop  # "telling the team the office moves ...": the news is the clause
    if re.match(r"(?:asking|requesting|reminding|begging)\s", after, re.IGNORECASE):
        return after  # "asking the landlord to fix the heating": the request is read whole (_say)
    for _ in range(2):
        after = _JOIN.sub("", after, count=1).strip()
    if after:
        return after
    before = _LEAD_VERBS.sub("", head[: span[0]]).strip(" ,:-—")
    return before


def _split_subject(subject: str, facts: Facts) -> None:
    """Name, what it is, organisation, role and aside, from the subject phrase."""
    text = subject
    thanked = re.match(r"([A-Z][a-z]+)\s+for\s+(.+)$", text)
    if thanked and facts.genre in ("email", "support_reply") and re.search(r"\bthank", facts.head, re.IGNORECASE):
        facts.recipient, text = thanked.group(1), thanked.group(2)  # "thanking Dana for covering my shift"
        facts.what = text
        return
    aside = re.search(r"\(([^()]*)\)", text)
    if aside:
        facts.aside = aside.group(1).strip()
        text = (text[: aside.start()] + text[aside.end() :]).strip()
    m = re.search(
        r"\b(?:called|named|titled)\s+['\"“‘]?([^'\"”’,.;]+?)['\"”’]?(?:[,.;]|$|\s(?:that|which|who|for|to)\b)", text
    )
    if m:
        facts.name = m.group(1).strip()
        facts.what = _bare(text[: m.start()])
    q = [x for x in e.quoted(text) if not x.rstrip().endswith("?")]
    if q and not facts.name:
        facts.name = q[0]
        facts.what = _bare(re.sub(r"['\"“‘`].*$", "", text))
    at = re.search(r"\s(?:at|with|for|from|of)\s+(?=(?:the\s)?[A-Z])(.+)$", text)
    if (at and facts.genre in ("job_post", "cover_letter")) or (at and not facts.name and "'s" not in text):
        facts.org = at.group(1).strip()
        lead = _bare(text[: at.start()])
        if facts.genre in ("job_post", "cover_letter"):
            facts.role = re.sub(r"\s+(?:role|position|job|opening|vacancy)$", "", lead, flags=re.IGNORECASE)
        elif not facts.what:
            facts.what = lead
    poss = re.match(r"((?:[A-Z][\w&.-]*\s?)+)['’]s\s+(.+)$", text)
    if poss and not facts.org:
        facts.org, facts.what = poss.group(1).strip(), facts.what or _bare(poss.group(2))
    to = re.search(r"\s+to\s+((?:our|all|the|my|your|existing|new)\b.+)$", text)
    if to:
        facts.audience = to.group(1).strip()
        text = text[: to.start()]
    if not facts.name:
        lead_name = re.match(
            r"((?:[A-Z][\w&'’.-]*|\d[\w.]*)(?:\s(?:&\s)?(?:[A-Z][\w&'’.-]*|v?\d[\w.]*\+?))*)(?:\s|$)", text
        )
        if lead_name and lead_name.group(1).split()[0] not in ("I", "A", "An", "The", "My", "Our"):
            facts.name = lead_name.group(1).strip()
            facts.what = facts.what or _bare(text[lead_name.end() :])
    if not facts.what and facts.aside and not re.search(r"\b(?:we|i|our)\b", facts.aside, re.IGNORECASE):
        facts.what = _bare(re.split(r",\s*", facts.aside)[0])
    if not facts.what and not facts.role and not facts.name:
        facts.what = _bare(text)
    rel = re.match(r"(.+?)\s+(?:that|which)\s+(.+)$", facts.what)
    if rel and facts.genre not in ("landing_page", "thread", "tweet") and len(rel.group(1).split()) >= 1:
        # "a ceramic coffee mug that holds 350 ml and costs $18": the mug, and what it does said on its own.
        facts.what, facts.relative = rel.group(1), rel.group(2)
    job = re.search(r"\bas (?:a|an|the|our)\s+([^.,;]+?)\s+(?:at|with|for)\s+([A-Z][\w&.'’ -]*[\w.])", facts.task)
    if job and not facts.role:
        facts.role, facts.org = job.group(1).strip(), facts.org or job.group(2).strip()


def _bare(phrase: str) -> str:
    """A noun phrase without its article, trailing joins or punctuation."""
    phrase = re.sub(r"^(?:a|an|the|our|my|some|this)\s+", "", phrase.strip(" ,.;:-—"), flags=re.IGNORECASE)
    return re.sub(r"\s+(?:for|to|at|of|on|with|and|that|which|called|named)$", "", phrase).strip()


def _appositive(facts: Facts) -> None:
    """ "Thread launching Quillo, an AI-free note-taking app": the clause after the head says what the name is;
    "our new mobile app, Tidy, for booking cleaners": the name comes after what it is."""
    if len(facts.clauses) < 2:
        return
    second = facts.clauses[1]
    if second.sentence == facts.clauses[0].sentence and re.fullmatch(
        r"(?:the\s)?[A-Z][\w.&'’-]*(?:\s[A-Z0-9][\w.&'’-]*){0,2}", second.text
    ):
        facts.name = re.sub(r"^the\s", "", second.text)
        facts.what = _bare(facts.subject)
        third = facts.clauses[2] if len(facts.clauses) > 2 else None
        if third and third.sentence == second.sentence and re.match(r"(?:for|that|which|to)\s", third.text):
            facts.what = f"{facts.what} {third.text}"
        return
    if second.sentence == facts.clauses[0].sentence and re.match(r"(?:a|an)\s", second.text):
        if not facts.name and facts.org and not facts.role:
            facts.name, facts.org = facts.org, ""
        if facts.name:
            facts.what = _bare(second.text)


def _people(facts: Facts) -> None:
    task = facts.task
    rec = re.search(
        r"\b(?:to|for|thanking|thank|reply to|replying to|apologi[sz]ing to)\s+(?:a customer,?\s+|my (?:boss|manager|colleague|coworker|friend),?\s+)?"
        r"((?:Mr|Mrs|Ms|Dr)\.?\s[A-Z][\w'-]+|[A-Z][a-z]+)"
        r"(?=\s*(?:[,.!?]|$|\s(?:who|whose|about|for|and|to|from|asking|thanking|regarding|after|on|letting|telling|informing|reminding|explaining|saying)\b))",
        task,
    )
    letter = facts.genre in ("email", "support_reply", "cover_letter")
    if rec and letter and rec.group(1) == facts.name:
        facts.recipient, facts.name = facts.name, ""
    elif rec and rec.group(1) not in (facts.name, facts.org) and not facts.org.startswith(rec.group(1)):
        facts.recipient = rec.group(1)
    apposed = re.search(r"\bcustomer,\s+((?:Mr|Mrs|Ms|Dr)\.?\s[A-Z][\w'-]+|[A-Z][a-z]+)", task)
    if apposed:
        facts.recipient = apposed.group(1)
    known = {facts.name, facts.org, facts.recipient, facts.asks.sign_name, facts.role}
    facts.people = [n for n in facts.names if n not in known and len(n.split()) <= 3]


def _points(facts: Facts, skip: int = 0) -> list[Point]:
    out = []
    if facts.relative:
        out.append(Point(text=f"it {facts.relative}"))
    taken = {facts.recipient, facts.asks.sign_name, facts.asks.sign_role, facts.aside, facts.name}
    for i, clause in enumerate(facts.clauses):
        if (
            i <= skip
            or i in facts.asks.instructions
            or clause.text in taken
            or re.sub(r"^the\s", "", clause.text) in taken
        ):
            continue
        if facts.what and clause.text.lower().endswith(facts.what.lower()) and re.match(r"(?:a|an)\s", clause.text):
            continue  # the appositive: already what the name is
        if facts.what and clause.text.lower() in facts.what.lower():
            continue
        out.append(Point(text=clause.text, label=clause.label, lead=clause.lead))
    return out


@lru_cache(maxsize=256)
def _read(task: str, follow_ups: tuple[str, ...]) -> Facts:
    from rubric_core.models._task import seed_of

    text = "\n".join([task, *follow_ups])
    clauses = clauses_of(task)
    asks = read_asks(clauses, task)
    where = route(task)
    head = clauses[0].text if clauses else task
    consumed = 0
    if where.word and clauses and where.word not in head.lower():
        # "Write a long, thorough status update ...": the head's adjectives were cut at a comma; the head runs to
        # the clause that names the genre.
        same = [c for c in clauses if c.sentence == clauses[0].sentence]
        k = next((i for i, c in enumerate(same) if where.word in c.text.lower()), -1)
        if k > 0:
            head, consumed = ", ".join(c.text for c in same[: k + 1]), k
    facts = Facts(task=task, route=where, clauses=clauses, asks=asks, head=head, seed=seed_of(text))
    at = head.lower().find(where.word) if where.word else -1
    span = (at, at + len(where.word)) if at >= 0 else (0, 0)
    facts.subject = _subject(head, span) if span != (0, 0) else _LEAD_VERBS.sub("", head).strip()
    if span != (0, 0):
        facts.before = _LEAD_VERBS.sub("", head[: span[0]]).strip(" ,:-—")
    facts.prices = e.found(e.PRICE, task)
    facts.percents = e.found(e.PERCENT, task)
    facts.dates = e.found(e.DATE, task)
    facts.times = e.found(e.TIME, task)
    facts.emails = e.found(e.EMAIL, task)
    facts.links = tuple(link for link in e.found(e.LINK, task) if not any(link in m for m in facts.emails))
    facts.phones = e.found(e.PHONE, task)
    facts.versions = e.found(e.VERSION, task)
    facts.codes = e.found(e.CODE, task)
    facts.quoted = e.quoted(task)
    facts.names = e.names(task)
    _split_subject(facts.subject, facts)
    _appositive(facts)
    _people(facts)
    facts.points = _points(facts, skip=consumed)
    facts.follow_ups = follow_ups
    for extra in follow_ups:
        about = re.search(r"\babout\s+(.+?)[.!?]*$", extra, re.IGNORECASE)
        if about:
            # "Now write it about autumn and the first frost": the same kind of text, about something else.
            facts.subject = about.group(1).strip()
            facts.what, facts.name = _bare(facts.subject), ""
    return facts


def read_facts(task: str, follow_ups: tuple[str, ...] = ()) -> Facts:
    """The facts of a task (cached: every revision of a run reads the same task)."""
    return _read(task, tuple(follow_ups))
