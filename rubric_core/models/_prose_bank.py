"""Sentence templates for the offline writer's announcements, emails, summaries and lists (data only).

Each slot is a tuple of interchangeable sentences; the writer picks one by a
hash of the task and moves to the next on a revision that needs a visible
change. Placeholders: {subject} (a noun phrase from the task), {Subject} (the
same, capitalised), {when}, {on_when} ("on Friday", "next week"), {where}, {deadline}, {audience}, {sender},
{count}, {category}, {term}. "p.m." style abbreviations are avoided on purpose:
the sentence splitter would end a sentence at their dot.
"""

from __future__ import annotations

# Announcements of an event (a party, a talk, a launch) and of a change (new rules, a move).
ANNOUNCE_EVENT: dict[str, tuple[str, ...]] = {
    "headline": (
        "We are happy to announce {subject}.",
        "Mark your calendar for {subject}.",
        "Good news for everyone: we have confirmed {subject}.",
        "You are warmly invited to {subject}.",
    ),
    "when": (
        "It takes place {on_when} in {where}.",
        "Join us {on_when} in {where}.",
        "The date is {when}, and we will meet in {where}.",
    ),
    "body": (
        "Everyone is welcome, and no sign-up is needed.",
        "Expect a short welcome, time for questions, and coffee afterwards.",
        "It is a chance to catch up, share ideas, and meet new faces.",
    ),
    "action": (
        "Please reply by {deadline} so we can plan seats and snacks.",
        "Questions are welcome: just reply to this message.",
        "We hope to see you there.",
    ),
}

ANNOUNCE_CHANGE: dict[str, tuple[str, ...]] = {
    "headline": (
        "We want to let you know about {subject}.",
        "This is a short update on {subject}.",
        "Please take note of {subject}.",
        "An important change is on the way: {subject}.",
    ),
    "when": (
        "The change starts {on_when} and applies to everyone in {where}.",
        "The change takes effect {on_when} for everyone in {where}.",
        "From {when}, the change applies across {where}.",
    ),
    "body": (
        "Nothing changes for you before then.",
        "We made this change after listening to your feedback.",
        "The full details are in the shared folder, and your team lead can answer questions.",
    ),
    "action": (
        "Please read the details before {deadline}.",
        "If you have questions, reply to this message or drop by the front desk.",
        "Thank you for your patience while we make the switch.",
    ),
}

ANNOUNCE_NEWS: tuple[str, ...] = (
    "We want to let you know that {news}.",
    "Some news to share: {news}.",
    "Please note that {news}.",
    "An important change is on the way: {news}.",
)
"""Headlines of an announcement whose task gives the news as a clause ("... that the office moves ...")."""

ANNOUNCE_EXTRAS: tuple[str, ...] = (
    "Light snacks and drinks will be provided.",
    "If you cannot attend, the notes will be shared afterwards.",
    "Feel free to bring a colleague who might be interested.",
    "The room is step-free, and there is parking nearby.",
    "The air will smell of fresh coffee and warm bread.",
)

EMAIL_GREETINGS: tuple[str, ...] = ("Hi {audience},", "Hello {audience},")
EMAIL_GREETINGS_NAMED: tuple[str, ...] = ("Hi {audience},", "Dear {audience},", "Hello {audience},")
EMAIL_SIGNOFFS: tuple[str, ...] = ("Best,", "Thanks,", "Kind regards,", "Warm wishes,")
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
    "I will follow up next week with an update.",
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
            "The work is on track, and the next milestone is {when}.",
            "The main pieces are in place, and I will share the details as they firm up.",
            "So far everything is going to plan, with one small delay we have already absorbed.",
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
            "It made a real difference to the whole team.",
            "Your help came at exactly the right time.",
            "We could not have done it without you.",
        ),
    ),
    "apology": (
        (
            "I am sorry about {subject}.",
            "Please accept my apologies for {subject}.",
            "I owe you an apology for {subject}.",
        ),
        (
            "That was my mistake, and I have put a fix in place so it does not happen again.",
            "I have looked into what went wrong, and it will not happen again.",
            "I have already taken steps to put it right.",
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
            "The plan is {when} in {where}, with food and drinks on us.",
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
        "Plan a whole weekend around {subject}.",
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

# What to write under a Markdown heading the rubric asks for; {subject} is the task's subject.
SECTIONS: dict[str, tuple[str, ...]] = {
    "summary": (
        "Overall, work on {subject} is on track.",
        "In brief, work on {subject} is moving in the right direction.",
    ),
    "overview": ("Overall, work on {subject} is on track.", "This note gives a short picture of {subject}."),
    "introduction": ("This note introduces {subject} and why it matters.",),
    "background": ("Work on {subject} started as a small idea and has grown since.",),
    "progress": (
        "Most of the planned work is done, and the rest is scheduled.",
        "The first milestones are complete, and the team is on to the next ones.",
    ),
    "status": ("Everything is on schedule, with no blockers at the moment.",),
    "risks": (
        "The main risk is a late dependency; we have a fallback ready.",
        "Timing is the biggest risk, and we are watching it closely.",
    ),
    "issues": ("One open issue remains, and a fix is under review.",),
    "next steps": (
        "Next, we finish the remaining work and review it together.",
        "The next step is a short review, then the final push.",
    ),
    "timeline": ("The work runs in three short phases over the coming weeks.",),
    "budget": ("Spending is within budget, with a small reserve left.",),
    "goals": ("The goal is a simple, reliable result that people enjoy using.",),
    "decisions": ("We agreed to keep the scope small and ship early.",),
    "questions": ("Is the current timeline realistic for everyone involved?",),
    "conclusion": ("Overall, work on {subject} is in good shape.",),
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

# Weaving a required word into a draft (the rubric's "Mentions X"), by kind.
TERM_SENTENCES: dict[str, tuple[str, ...]] = {
    "announcement": ("Please keep {term} in mind.", "We will share more about {term} before then."),
    "email": ("I also wanted to flag {term}.", "I will send more on {term} later this week."),
    "summary": ("No account of it would be complete without {term}.", "Any fair account also makes room for {term}."),
    "list": ("Make room for {term}.", "Keep {term} in view."),
    "reasons": ("It helps with {term}.", "It makes a real difference to {term}."),
    "prose": ("There is room here for {term} as well.", "The picture would not be complete without {term}."),
}
"""No template starts with the term or puts a verb after it: two terms ("X and Y") read as well as one."""

MASS_NOUNS: frozenset[str] = frozenset(
    "light water air chlorophyll oxygen money time food love music coffee rain snow sugar energy data "
    "feedback information salt sand fog mist bread tea news work help advice caffeine alcohol exercise sleep "
    "stress noise safety parking traffic weather change research software equipment furniture homework knowledge "
    "evidence progress education health travel".split()
)
"""Terms read without "the" when woven in ("light and chlorophyll", not "the light and the chlorophyll")."""

DEFAULT_WHEN: tuple[str, ...] = ("Friday at 3 pm", "Thursday at 10 am", "Monday at 2 pm", "Wednesday at noon")
DEFAULT_WHERE: tuple[str, ...] = ("the main meeting room", "the ground-floor lounge", "the east wing", "the atrium")
DEFAULT_DEADLINE: tuple[str, ...] = ("Wednesday", "the end of the week", "Tuesday", "next Monday")
SENDERS: tuple[str, ...] = ("Sam", "Alex", "Priya", "Jordan", "Maria", "Chris")
