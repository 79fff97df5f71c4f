"""Sentence templates for the offline writer's announcements, emails, summaries and lists (data only).

Each slot is a tuple of interchangeable sentences; the writer picks one by a
hash of the task and moves to the next on a revision that needs a visible
change. Placeholders: {subject} (a noun phrase from the task), {Subject} (the
same, capitalised), {when}, {on_when} ("on Friday", "next week"), {where}, {deadline}, {audience}, {sender},
{count}, {category}, {term}. "p.m." style abbreviations are avoided on purpose:
the sentence splitter would end a sentence at their dot.
"""

from __future__ import annotations

# Announcements by what they announce: an event (a party, a talk), a product, a welcome, a change (new rules, a
# move) or other news. A template whose placeholder the task does not fill ({when}, {where}, {deadline}) is
# skipped: no sentence says a day, a place or a deadline the task did not give.
ANNOUNCE_EVENT: dict[str, tuple[str, ...]] = {
    "headline": (
        "We are happy to announce {subject}.",
        "Mark your calendar for {subject}.",
        "Good news for everyone: {subject} is on.",
        "You are warmly invited to {subject}.",
    ),
    "when": (
        "It takes place {on_when} in {where}.",
        "Join us {on_when} in {where}.",
        "The date is {when}, and we will meet in {where}.",
        "It takes place {on_when}.",
        "It takes place in {where}.",
    ),
    "body": (
        "Everyone is welcome.",
        "It is a chance to catch up, share ideas, and meet new faces.",
        "We would love to see as many of you there as possible.",
    ),
    "action": (
        "Please reply by {deadline} so we can plan.",
        "Questions are welcome: just reply to this message.",
        "We hope to see you there.",
    ),
}

ANNOUNCE_PRODUCT: dict[str, tuple[str, ...]] = {
    "headline": (
        "Meet {name}, {subject}.",
        "We are proud to introduce {name}, {subject}.",
        "Say hello to {name}, {subject}.",
        "{Subject} is here.",
        "We are proud to introduce {subject}.",
    ),
    "when": ("It is available {on_when}.", "You can get it from {when}."),
    "body": (
        "We built {it} for everyday use, and we think you will like it.",
        "{It} is designed to make everyday life a little easier.",
        "We are excited to finally share {it} with you.",
    ),
    "action": (
        "We cannot wait to hear what you think of {it}.",
        "Questions about {it} are welcome: just reply to this message.",
    ),
}

ANNOUNCE_WELCOME: dict[str, tuple[str, ...]] = {
    "headline": (
        "A warm welcome to {subject}!",
        "Welcome, {subject}: we are glad you are here.",
        "We are delighted to welcome {subject}.",
    ),
    "when": ("The first chance to meet is {on_when}.",),
    "body": (
        "Everyone here started out new once, so please do not be shy.",
        "We hope you will feel at home very soon.",
        "Questions are always welcome, however small.",
    ),
    "action": ("We look forward to meeting you.", "See you soon."),
}

ANNOUNCE_CHANGE: dict[str, tuple[str, ...]] = {
    "headline": (
        "We want to let you know about {subject}.",
        "This is a short update on {subject}.",
        "Please take note of {subject}.",
        "An important change is on the way: {subject}.",
    ),
    "when": (
        "The change starts {on_when} and applies in {where}.",
        "The change takes effect {on_when}.",
        "From {when}, the change applies across {where}.",
        "The change takes effect {on_when} in {where}.",
    ),
    "body": (
        "Nothing changes for you before then.",
        "We will share any further updates as soon as we have them.",
        "If anything about {subject} is unclear, please ask.",
    ),
    "action": (
        "Please read the details before {deadline}.",
        "If you have questions, just reply to this message.",
        "Thank you for your patience while we make the switch.",
    ),
}

ANNOUNCE_GENERAL: dict[str, tuple[str, ...]] = {
    "headline": (
        "We are pleased to share some news about {subject}.",
        "Here is an update on {subject}.",
        "We have news to share about {subject}.",
    ),
    "when": ("It happens {on_when}.", "It happens in {where}."),
    "body": (
        "We will share more details about {subject} as they come.",
        "We wanted you to hear about {subject} from us first.",
        "We think {subject} is worth knowing about.",
    ),
    "action": ("If you have questions, just reply to this message.", "Thank you for reading."),
}

ANNOUNCE_TABLES: dict[str, dict[str, tuple[str, ...]]] = {
    "event": ANNOUNCE_EVENT,
    "product": ANNOUNCE_PRODUCT,
    "welcome": ANNOUNCE_WELCOME,
    "change": ANNOUNCE_CHANGE,
    "general": ANNOUNCE_GENERAL,
}

ANNOUNCE_NEWS: tuple[str, ...] = (
    "We want to let you know that {news}.",
    "Some news to share: {news}.",
    "Please note that {news}.",
    "An important change is on the way: {news}.",
)
"""Headlines of an announcement whose task gives the news as a clause ("... that the office moves ...")."""

ANNOUNCE_EXTRAS: tuple[str, ...] = (
    "Please pass this on to anyone who might be interested.",
    "We will share more details about {subject} closer to the time.",
    "Thank you for reading.",
    "We will keep you posted.",
)

EMAIL_GREETINGS: tuple[str, ...] = ("Hi {audience},", "Hello {audience},")
EMAIL_GREETINGS_NAMED: tuple[str, ...] = ("Hi {audience},", "Dear {audience},", "Hello {audience},")
EMAIL_SIGNOFFS: tuple[str, ...] = ("Best,", "Thanks,", "Kind regards,", "Best wishes,")
"""Each one the grader's sign-off finder knows (patterns._SIGN_OFF_RE)."""
EMAIL_OPENERS: tuple[str, ...] = (
    "I hope your week is going well.",
    "I hope you are doing well.",
    "I hope this finds you well.",
)
EMAIL_CLOSERS: tuple[str, ...] = (
    "Let me know if you have any questions.",
    "I am happy to talk it through if that helps.",
    "Thanks in advance, and talk soon.",
)
EMAIL_EXTRAS: tuple[str, ...] = (
    "I have kept this short, but I can send more detail if it is useful.",
    "I will follow up if anything changes.",
    "Feel free to forward this to anyone who should see it.",
    "If a quick call is easier, just pick a time that suits you.",
)

# The two body sentences of an email, by what the email is for.
EMAIL_BODIES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "update": (
        (
            "I wanted to give you a quick update on {subject}.",
            "This is where things stand with {subject}.",
            "A short note to bring you up to date on {subject}.",
        ),
        (
            "I wanted to make sure you have it on your radar.",
            "I will share more details as they firm up.",
            "Please keep it in mind over the coming days.",
        ),
    ),
    "request": (
        (
            "I am writing to ask for your help with {subject}.",
            "Could you take a look at {subject} when you have a moment?",
            "I would be grateful for your input on {subject}.",
        ),
        (
            "A short reply by {deadline} would let us keep things moving.",
            "Even a few quick notes would help a lot.",
            "Whatever you can share before {deadline} will make a real difference.",
        ),
    ),
    "thanks": (
        (
            "I wanted to say thank you for {subject}.",
            "Thank you so much for {subject}.",
            "A quick note to thank you for {subject}.",
        ),
        (
            "It made a real difference {on_when}.",
            "It made a real difference.",
            "Your help came at exactly the right time.",
            "I really appreciate it.",
        ),
    ),
    "apology": (
        (
            "I am sorry about {subject}.",
            "Please accept my apologies for {subject}.",
            "I owe you an apology for {subject}.",
        ),
        (
            "I know how frustrating that is, and I understand if you are disappointed.",
            "That is not the experience we want you to have.",
            "Thank you for your patience while we put it right.",
        ),
    ),
    "reminder": (
        (
            "This is a friendly reminder about {subject}.",
            "Just a quick reminder about {subject}, coming up soon.",
            "A gentle nudge about {subject}.",
        ),
        (
            "It is set for {when} in {where}.",
            "Please make sure everything is ready by {when}.",
            "We will start on time {on_when}, so please arrive a few minutes early.",
            "Please keep it in mind over the coming days.",
        ),
    ),
    "invite": (
        (
            "I would love for you to join us for {subject}.",
            "You are invited to {subject}.",
            "We are getting together for {subject}, and it would be great to have you there.",
        ),
        (
            "It takes place {on_when} in {where}.",
            "We will meet {on_when} in {where}.",
            "The plan is {when} in {where}.",
            "It takes place {on_when}.",
            "More details will follow soon.",
        ),
    ),
}

# Summaries and explanations of a subject the word banks do not describe.
SUMMARY: dict[str, tuple[str, ...]] = {
    "lead": (
        "When it comes to {subject}, a few key points stand out.",
        "A few points sum up {subject}.",
        "What follows sums up {subject} in a few plain sentences.",
    ),
    "first": (
        "The first point is what it sets out to do and who it serves.",
        "It starts from a clear problem that people want solved.",
        "At its core is one simple idea that everything else builds on.",
    ),
    "second": (
        "The second is how it works in practice, one step at a time.",
        "From there, the details fall into a clear order.",
        "Each part supports the next, so the whole holds together.",
    ),
    "close": (
        "The takeaway: a careful, patient approach to {subject} pays off.",
        "In the end, what matters most about {subject} is how long its effects last.",
        "Taken together, these points show what makes {subject} worth understanding.",
    ),
}

# Summaries of a known shape: "the benefits of X" and "how X works" ({inner} is X).
SUMMARY_FRAMES: dict[str, dict[str, tuple[str, ...]]] = {
    "benefits": {
        "lead": (
            "{Inner} pays off in more ways than one.",
            "The case for {inner} is stronger than it first looks.",
            "{Inner} does more good than most people expect.",
        ),
        "first": (
            "The first gains come quickly: more energy, a clearer head and a better mood.",
            "In the short run, it shows in how people feel and how much they get done each day.",
            "Some of the benefits are felt within days, long before anyone measures them.",
        ),
        "second": (
            "Over the years the gains add up, and they are hard to get any other way.",
            "The longer view matters most: the benefits build slowly and they last.",
            "The deeper benefits take months to show, which is why so many people stop too soon.",
        ),
        "close": (
            "The takeaway: {inner} is worth keeping up, a little at a time.",
            "In short, the benefits of {inner} are real, and they grow with patience.",
            "Put simply, {inner} costs little and gives back far more.",
        ),
    },
    "history": {
        "lead": (
            "The history of {inner} is a story of slow starts and sudden change.",
            "{Inner} took a long road to become what it is today.",
            "The story of {inner} begins long before most people think.",
        ),
        "first": (
            "It began as a small idea that few people took seriously.",
            "Its early days were slow, with more failures than successes.",
            "At first it was rare, costly and known to only a few.",
        ),
        "second": (
            "A handful of turning points then changed its course for good.",
            "Over time, better tools and wider use made it something people relied on.",
            "Once it spread, it changed the habits of the people who used it.",
        ),
        "close": (
            "Today, {inner} still carries the marks of that long history.",
            "Looking back, each stage of {inner} made the next one possible.",
            "That history explains much of what {inner} looks like now.",
        ),
    },
    "how": {
        "lead": (
            "How {inner} comes down to a few parts working in order.",
            "The way {inner} is simpler than it looks from the outside.",
            "Underneath, how {inner} follows one clear sequence.",
        ),
        "first": (
            "It begins with an input, something that sets the whole process going.",
            "First comes a trigger: without it, nothing else happens.",
            "Everything starts from one small event that the rest depends on.",
        ),
        "second": (
            "Each stage then hands its result to the next, so a fault early on shows up at the end.",
            "The middle steps do the real work, turning that start into something useful.",
            "From there, each step builds on the one before, in an order that rarely changes.",
        ),
        "close": (
            "Once the order is clear, the rest of how {inner} makes sense.",
            "Seen as a sequence, how {inner} is easy to follow and to explain to others.",
            "Knowing the order of the steps is most of what there is to know.",
        ),
    },
    "why": {
        "lead": (
            "Why {inner} comes down to a few plain reasons.",
            "The reasons {inner} are simpler than they look.",
            "It is fair to ask why {inner}, and the answer is mostly practical.",
        ),
        "first": (
            "The first reason is the one people notice every day, close at hand.",
            "The most direct reason is practical: it solves a problem people already feel.",
            "Part of the answer is money: over the years, the choice saves more than it costs.",
        ),
        "second": (
            "Another reason takes longer to show, but the gains build up year after year.",
            "There is also a wider reason, one that reaches well beyond the people most involved.",
            "The less obvious reasons matter just as much, even if they are harder to measure.",
        ),
        "close": (
            "Put together, these reasons explain why {inner}.",
            "That is why {inner}, and why it is likely to go on.",
            "In short, the case for it is practical, and it has held up for a long time.",
        ),
    },
}


def summary_frame(subject: str) -> tuple[str, str] | None:
    """("benefits", X) for "the benefits of X", ("history", X), ("how", "X works") for "how X works", ("why",
    "X do Y") for "why X do Y", or None."""
    import re

    m = re.match(r"(?:the )?(?:main |key |health )?(?:benefits|advantages|upsides|value) of (.+)", subject, re.I)
    if m:
        return "benefits", m.group(1)
    m = re.match(r"(?:the )?(?:history|story|origins?) of (.+)", subject, re.IGNORECASE)
    if m:
        return "history", m.group(1)
    m = re.match(r"how (.+)", subject, re.IGNORECASE)
    if m:
        return "how", m.group(1)
    m = re.match(r"(?:the reasons )?why (.+)", subject, re.IGNORECASE)
    if m:
        return "why", m.group(1)
    return None


SUMMARY_EXTRAS: tuple[str, ...] = (
    "Small choices early on shape the result more than they seem to.",
    "Most of the common mistakes come from skipping the basics.",
    "A simple example usually makes the idea click.",
    "The same pattern shows up in many other places too.",
)

# List intros and items by the kind of list the task asks for.
LIST_INTROS: tuple[str, ...] = (
    "{Count} {category} for {subject}:",
    "{Count} {category} worth keeping in mind for {subject}:",
    "My {count} favourite {category} for {subject}:",
)

LIST_ITEMS: dict[str, tuple[str, ...]] = {
    "tips": (
        "Treat {subject} as a habit, not a one-off project.",
        "Start small and build the habit one day at a time.",
        "Set a regular time for it and protect that time.",
        "Keep notes so you can see what works for you.",
        "Ask someone you trust for honest feedback.",
        "Remove one distraction before you begin.",
        "Review your progress at the end of each week.",
        "Celebrate small wins to stay motivated.",
        "Keep what you need within easy reach.",
        "Rest when you need to and come back fresh.",
    ),
    "reasons": (
        "Time spent on {subject} pays off sooner than most people expect.",
        "It saves time in the long run.",
        "It makes the work easier to share with others.",
        "It lowers costs over time.",
        "It builds confidence step by step.",
        "It leaves room for better ideas.",
        "It keeps everyone on the same page.",
        "It is easy to start and hard to regret.",
    ),
    "steps": (
        "Write down what {subject} should achieve.",
        "Decide what a good result looks like.",
        "Gather what you need before you start.",
        "Break the work into small pieces.",
        "Finish the first piece and check it.",
        "Ask for feedback and adjust.",
        "Wrap up, tidy up, and note what you learned.",
        "Share the result with the people who need it.",
    ),
    "ideas": (
        "Make the most of {subject}.",
        "Try it with a friend and compare notes.",
        "Turn it into a weekly ritual.",
        "Pair it with something you already enjoy.",
        "Set a small challenge and see how far you get.",
        "Keep a journal of what you discover.",
        "Invite someone new to join you.",
        "Give it a fresh twist each season.",
    ),
}

# List intros when the subject is a clause ("remote workers should take breaks").
LIST_INTROS_CLAUSE: tuple[str, ...] = (
    "{Count} {category} why {subject}:",
    "Here are {count} {category} why {subject}:",
)

# List intros when the subject is an infinitive ("to learn Python").
LIST_INTROS_TO: tuple[str, ...] = (
    "{Count} {category} {subject}:",
    "Here are {count} {category} {subject}:",
)

# The first item of a list meant for a group of people ("tips for new managers"), by kind of list.
LIST_AUDIENCE_FIRST: dict[str, str] = {
    "tips": "Learn the basics first: for {subject}, they matter more than any shortcut.",
    "reasons": "It gives {subject} a head start that lasts.",
    "steps": "Write down what {subject} should be able to do at the end.",
    "ideas": "Start a small group where {subject} swap what worked for them.",
}

LIST_CATEGORIES: dict[str, str] = {
    "tip": "tips",
    "way": "tips",
    "habit": "tips",
    "reason": "reasons",
    "benefit": "reasons",
    "advantage": "reasons",
    "why": "reasons",
    "step": "steps",
    "instruction": "steps",
    "how": "steps",
    "idea": "ideas",
    "thing": "ideas",
    "activity": "ideas",
    "suggestion": "ideas",
}

# What to write under a Markdown heading the rubric asks for; {subject} is the task's subject. No line claims a
# status, a figure or a date the task did not give.
SECTIONS: dict[str, tuple[str, ...]] = {
    "summary": (
        "This note covers {subject}: where it stands and what comes next.",
        "In brief, this is an overview of {subject}.",
    ),
    "overview": ("This note gives a short picture of {subject}.", "Here is {subject} at a glance."),
    "introduction": ("This note introduces {subject} and why it matters.",),
    "background": ("{Subject} grew out of a need that had been building for some time.",),
    "details": (
        "The details of {subject} come down to a few steps in order.",
        "Looked at closely, {subject} is a sequence of small, clear steps.",
    ),
    "progress": (
        "Work on {subject} is moving forward step by step.",
        "Each stage of {subject} is being worked through in order.",
    ),
    "status": ("{Subject} is in progress, and this section will be kept up to date.",),
    "risks": (
        "The risks to {subject} are the usual ones: timing and scope, both watched closely.",
        "Any delay in one part of {subject} can hold up the rest, so timing is watched closely.",
    ),
    "issues": ("Open questions about {subject} are tracked and reviewed together.",),
    "next steps": (
        "Next, the remaining work on {subject} is finished and reviewed together.",
        "The next step for {subject} is a short review, then the final push.",
    ),
    "timeline": ("The work on {subject} runs in short phases, each reviewed before the next.",),
    "budget": ("Spending on {subject} is tracked against the plan.",),
    "goals": ("The goal of {subject} is a simple, reliable result that people enjoy using.",),
    "decisions": ("For {subject}, we agreed to keep the scope small.",),
    "questions": ("Is the current plan for {subject} realistic for everyone involved?",),
    "conclusion": ("Overall, {subject} is in good shape.",),
}

EMAIL_SUBJECTS: dict[str, str] = {
    "update": "Update on {subject}",
    "request": "A quick request about {subject}",
    "thanks": "Thank you for {subject}",
    "apology": "Sorry about {subject}",
    "reminder": "Reminder: {subject}",
    "invite": "Invitation: {subject}",
}
"""An email's subject line by what the email is for."""

SECTION_FALLBACK: tuple[str, ...] = (
    "This part of {subject} is covered in brief.",
    "A few short notes on this part of {subject}.",
)

MASS_NOUNS: frozenset[str] = frozenset(
    "light water air chlorophyll oxygen money time food love music coffee rain snow sugar energy data "
    "feedback information salt sand fog mist bread tea news work help advice caffeine alcohol exercise sleep "
    "stress noise safety parking traffic weather change research software equipment furniture homework knowledge "
    "evidence progress education health travel".split()
)
"""Terms read without "the" when woven in ("light and chlorophyll", not "the light and the chlorophyll")."""
