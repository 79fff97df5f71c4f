"""Sentences that do what a criterion asks, by kind of text (data only; `_asks.py` picks and fills them).

A call to action is an imperative that fits the task, a question a real question about its subject, a
required word a phrase inside a sentence about the subject. Placeholders: {subject}, {Subject}, {it} (the
name the task gives, else "it"), {It}, {ref} (the name, else the subject), {Ref}, {term}, {price}, {link},
{download_link} (the link, when the task says the thing is downloaded), {email}, {phone}, {when},
{on_when}, {where}, {deadline}, {figure}. A template with a placeholder the task does not fill is skipped,
so none states a price, a date, a place, a link or a name the task did not give.
No term template puts a verb right after the term: one term or two ("X and Y") read as well.
"""

from __future__ import annotations

# Calls to action: each opens with a verb the grader's finder knows (patterns.CTA_VERBS) and ends with a full
# stop. Keyed by kind, then by what an announcement announces (flavour) or what an email is for (purpose).
CALLS_TO_ACTION: dict[str, tuple[str, ...]] = {
    "product": (
        "Download it today at {download_link}.",
        "Order yours today for {price} at {link}.",
        "Order yours today for {price}.",
        "Get yours at {link}.",
        "Order yours today.",
        "Try {ref} for yourself.",
    ),
    "event": (
        "Reply by {deadline} to save your place.",
        "Come along and bring a friend.",
        "Join us for {subject}.",
    ),
    "welcome": (
        "Come along {on_when} and say hello.",
        "Reply to this message to introduce yourself.",
    ),
    "change": (
        "Take a look at {subject} today.",
        "Reply to this message to tell us how it affects you.",
    ),
    "general": ("Reply to this message to share your thoughts.",),
    "email:request": (
        "Please reply by {deadline}.",
        "Reply to this email to let me know your thoughts.",
    ),
    "email:thanks": ("Reply to this email to tell me how I can return the favour.",),
    "email:apology": (
        "Reply to this email to tell us how we can help.",
        "Reply to this email so we can help.",
    ),
    "email:invite": (
        "Reply by {deadline} to save your place.",
        "Reply to this email to save your place.",
    ),
    "email": (
        "Please reply by {deadline}.",
        "Reply to this email to let me know your thoughts.",
    ),
    "list:tips": ("Try one of these tonight.", "Try one tip this week."),
    "list:reasons": ("Start today.", "Give it a try this week."),
    "list:ideas": ("Try one this weekend.", "Give one a try this week."),
    "list:steps": ("Try the first step today.", "Give the first step a try this week."),
    "summary": ("Take a look at {subject} this week.",),
    "prose": ("Come and see {subject} for yourself.", "Visit {subject} this week."),
}
"""Conditional offers ("Reply if you have questions") are not calls to action to the grader's finder, and a
template it does not see as one is skipped (`pick_in(..., need="call_to_action")`)."""

# The task's own contact details as sentences the reader can act on.
CONTACTS: dict[str, tuple[str, ...]] = {
    "link": ("Find out more at {link}.", "Visit {link} for the details."),
    "email_address": ("Write to {email} with any questions.", "Questions are welcome at {email}."),
    "phone_number": ("Call {phone} with any questions.", "Questions are welcome on {phone}."),
}

QUESTIONS: dict[str, tuple[str, ...]] = {
    "product": ("Ready to try {ref}?", "Looking for something new?", "Why wait any longer?"),
    "event": ("Will we see you there?", "Can you make it?"),
    "welcome": ("Have a question before your first visit?", "Not sure where to start?"),
    "change": ("Have questions about {subject}?", "Not sure how this affects you?"),
    "general": ("Have questions about {subject}?", "What do you think?"),
    "email:request": (
        "Could you let me know by {deadline} whether that works?",
        "Could you take a look at {subject} when you have a moment?",
        "Would that be possible?",
    ),
    "email:thanks": ("Can I return the favour some time?",),
    "email:apology": ("Is there anything else we can do to put this right?",),
    "email:invite": ("Can you make it?", "Will you be able to join us?"),
    "email": ("Does that work for you?", "Do you have any questions about {subject}?"),
    "list:tips": ("Which of these will you try first?",),
    "list:reasons": ("Why not start today?", "What is stopping you?"),
    "list:ideas": ("Which one will you try first?",),
    "list:steps": ("Ready to begin?",),
    "summary": ("Why does {subject} matter?", "What makes {subject} worth a closer look?"),
    "summary:how": ("So how does {inner} work?",),
    "summary:benefits": ("Why does {inner} pay off?",),
    "prose": ("Who could pass {subject} without stopping?", "What would {subject} say if it could speak?"),
}

APOLOGIES: dict[str, tuple[str, ...]] = {
    "change": ("We are sorry for any trouble this causes.", "We apologise for the disruption."),
    "email": ("I am sorry for any trouble this causes.", "Sorry for the short notice."),
    "email:apology": ("Again, I am truly sorry.",),
    "": ("We apologise for any inconvenience.",),
}

THANKS: dict[str, tuple[str, ...]] = {
    "change": ("Thank you for your patience.", "Thank you for bearing with us."),
    "email": ("Thank you for your time.", "Thanks for reading."),
    "list": ("Thanks for reading.",),
    "": ("Thank you for reading.", "Thanks for your support."),
}

PRICES: tuple[str, ...] = ("{Ref} costs {price}.", "The price is {price}.")
WHEN: tuple[str, ...] = (
    "It takes place {on_when} in {where}.",
    "It takes place {on_when}.",
    "The date to remember is {when}.",
)
DEADLINES: tuple[str, ...] = ("Please reply by {deadline}.", "Everything needs to be ready by {deadline}.")
FIGURES: tuple[str, ...] = ("One figure stands out: {figure}.",)

# A required word or phrase (one or two: "X" or "X and Y"), inside a sentence about the subject.
TERMS: dict[str, tuple[str, ...]] = {
    "product": (
        "We made {ref} with {term} in mind.",
        "{Ref} is built around {term}.",
        "You will also notice how {ref} handles {term}.",
    ),
    "event": ("Expect {term} at {subject}.", "{Subject} will have {term} too.", "Look out for {term} at {subject}."),
    "welcome": (
        "Do not forget {term} when you come along.",
        "Ask us any time if {term} is unclear.",
        "A word on {term}: we are happy to help you get started.",
    ),
    "change": (
        "{Subject} also covers {term}.",
        "This affects {term} as well.",
        "The change also touches on {term}.",
    ),
    "general": ("{Subject} also covers {term}.", "There is news on {term} as well.", "This touches on {term} too."),
    "email": (
        "I also wanted to mention {term}.",
        "It is worth weighing {term} as well.",
        "I would also like your thoughts on {term}.",
    ),
    "summary": (
        "No account of {subject} is complete without {term}.",
        "A full picture of {subject} includes {term}.",
        "Any account of {subject} makes room for {term}.",
    ),
    "list:tips": ("Watch out for {term}.", "Give some thought to {term} too.", "Plan around {term}."),
    "list:reasons": (
        "It gives you a head start with {term}.",
        "It opens doors to {term}.",
        "It makes a real difference to {term}.",
    ),
    "list:ideas": ("Plan an afternoon of {term}.", "Make time for {term}.", "Set up {term} in the living room."),
    "list:steps": (
        "Plan for {term} before you start.",
        "Keep an eye on {term} as you go.",
        "Check {term} at each stage.",
    ),
    "prose": (
        "It is never far from {term}.",
        "Close by, you find {term}.",
        "Around {subject}, you notice {term}.",
    ),
}
