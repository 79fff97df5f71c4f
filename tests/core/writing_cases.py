"""Thirty-odd tasks of the common kinds with rubrics that ask for words, phrases, prices, calls to action,
dates, counts, sections and things the offline grader cannot judge (issue 30, item 5). Each rubric mixes what
the offline writer can write toward with what it must leave alone; none is one of the bundled examples."""

from __future__ import annotations

CASES: list[tuple[str, str, str]] = [
    # (id, task, rubric)
    (
        "bike-lock",
        "Write a product announcement for our new bike lock, the LockPro X, under 120 words, with a call to "
        "action. It costs $49.",
        "- Includes a call to action\n- Includes the product name\n- Mentions the price\n- Mentions $49\n"
        "- Does not use jargon\n- Under 120 words",
    ),
    (
        "picnic",
        "Announce the team picnic on Saturday at noon in Riverside Park.",
        "- Mentions the date\n- Mentions the time\n- Includes a call to action\n- Mentions food\n- At most 80 words",
    ),
    (
        "kitchen",
        "Write an announcement that the office kitchen closes for repairs next week.",
        "- Mentions the kitchen\n- Includes an apology\n- Mentions the dates\n- Includes a thank-you\n"
        "- At most 70 words",
    ),
    (
        "tidy-app",
        "Announce our new mobile app, Tidy, for booking cleaners. It is free to download at tidy.app.",
        "- Mentions Tidy\n- Includes a link\n- Includes a call to action\n- Has an exclamation mark\n"
        "- Mentions free, download and cleaners",
    ),
    (
        "bake-sale",
        "Write an announcement for the charity bake sale on Friday, March 14 in the school hall. Tickets cost £5.",
        "- Mentions the price\n- Mentions the date\n- Includes a call to action\n- Mentions cakes\n"
        "- Includes a hashtag",
    ),
    (
        "parking",
        "Write a short announcement about the new parking rules.",
        "- Mentions permits\n- Mentions visitors\n- Mentions fines\n- Includes a question\n- At most 90 words",
    ),
    (
        "deploy-freeze",
        "Write an email to the team about the Friday deploy freeze.",
        "- Has a greeting\n- Has a sign-off\n- Mentions rollback\n- Mentions the deadline\n- At most 120 words",
    ),
    (
        "thank-dana",
        "Write an email thanking Dana for covering my shift on Sunday.",
        "- Includes thanks\n- Mentions Sunday\n- Mentions coffee\n- Has a sign-off\n- Between 40 and 100 words",
    ),
    (
        "late-order",
        "Write an email to a customer apologising that their order #4821 shipped late.",
        "- Mentions #4821\n- Includes an apology\n- Offers a discount\n- Includes a call to action\n"
        "- Does not mention competitors",
    ),
    (
        "landlord",
        "Write an email asking the landlord to fix the heating by Friday.",
        "- Mentions the deadline\n- Includes a question\n- Is polite\n- Mentions radiators\n- At most 100 words",
    ),
    (
        "workshop-invite",
        "Write an email inviting the design team to a workshop on Tuesday at 2 pm in Room 4B. Reply to "
        "sam@example.com to book a place.",
        "- Mentions the time\n- Includes an email address\n- Includes a call to action\n- Has a greeting\n"
        '- Mentions the words "prototype" and "feedback"',
    ),
    (
        "garden-quote",
        "Write a follow-up email to a client about the quote we sent last week for the garden redesign. The "
        "quote is $3,200.",
        "- Mentions the price\n- Includes a question\n- Mentions planting, paving and lighting\n- Has a sign-off",
    ),
    (
        "remote-work",
        "Summarize the benefits of remote work.",
        "- Mentions productivity\n- Mentions commuting\n- Mentions flexibility\n- Exactly four sentences",
    ),
    (
        "photosynthesis",
        "Summarize how photosynthesis works.",
        "- Mentions light and chlorophyll\n- Mentions oxygen\n- At most 80 words\n- Includes a statistic",
    ),
    (
        "vaccines",
        "Explain how vaccines work for a general audience.",
        "- Mentions the immune system\n- Mentions antibodies\n- Does not use jargon\n- Has sections: Summary, Details",
    ),
    (
        "bicycle-history",
        "Summarize the history of the bicycle in one paragraph.",
        "- Mentions the draisine\n- Mentions the safety bicycle\n- At most 100 words\n- Is engaging",
    ),
    (
        "sales-meeting",
        "Write a summary of our Q3 sales meeting. Revenue grew 12% and we hired two new reps.",
        "- Mentions 12%\n- Includes a statistic\n- Mentions hiring\n- Includes bullet points",
    ),
    (
        "migration-report",
        "Write a short report on the website migration.",
        "- Has sections: Summary, Progress, Risks\n- Mentions redirects\n- At most 150 words",
    ),
    (
        "sleep-tips",
        "Write a list of five tips for better sleep.",
        "- Mentions caffeine, screens and naps\n- At most 90 words\n- Includes a call to action",
    ),
    (
        "second-language",
        "Give three reasons to learn a second language.",
        "- Mentions travel\n- Mentions careers\n- Includes a question",
    ),
    (
        "rainy-weekend",
        "List five ideas for a rainy weekend with kids.",
        "- Mentions board games\n- Mentions baking\n- Includes an emoji\n- At most 70 words",
    ),
    (
        "tomatoes",
        "Write seven steps for planting tomatoes.",
        "- Mentions compost\n- Mentions watering\n- Mentions sunlight\n- At least seven lines",
    ),
    (
        "new-managers",
        "Give five tips for new managers.",
        "- Mentions one-on-ones\n- Mentions feedback\n- Includes a call to action\n- Is practical",
    ),
    (
        "harbor-moon",
        "Write a short poem about the moon over a quiet harbor.",
        "- Mentions lanterns\n- Exactly four lines\n- Includes a question",
    ),
    (
        "autumn-haiku",
        "Write a haiku about autumn leaves.",
        "- Exactly three lines\n- Follows a 5-7-5 syllable pattern\n- Mentions wind",
    ),
    (
        "grandmother-bicycle",
        "Write a poem about my grandmother's bicycle.",
        "- Mentions rust\n- Mentions the bell\n- Mentions summer\n- At most 60 words",
    ),
    (
        "cheese-cat",
        "Write a limerick about a cat who loves cheese.",
        "- Exactly five lines\n- Mentions cheese\n- Is funny",
    ),
    (
        "slugify",
        "Write a Python function slugify(title) that turns a title into a URL slug.",
        "- Defines a function slugify\n- Every function has a docstring\n- Mentions unicode",
    ),
    (
        "median",
        "Write a Python function to compute the median of a list.",
        "- Defines a function median\n- Includes an example\n- Mentions sorting",
    ),
    (
        "lighthouse",
        "Describe a lighthouse.",
        "- Contains at least four sensory details\n- Mentions the keeper\n- Three to five sentences",
    ),
    (
        "lisbon-market",
        "Write a paragraph about a morning market in Lisbon.",
        "- Mentions Lisbon\n- Mentions fish\n- Includes a question\n- Mentions oranges, bread and flowers",
    ),
    (
        "mug",
        "Write a product description for a ceramic coffee mug that holds 350 ml and costs $18.",
        "- Mentions the price\n- Mentions 350 ml\n- Includes a call to action\n- Is persuasive\n- At most 60 words",
    ),
    (
        "shipment-delay",
        "Write an email to customers about the delayed shipment of spring catalogues.",
        "- Apologizes for the delay\n- Asks readers to sign up\n- Includes two questions\n"
        "- Mentions catalogues at least twice",
    ),
    (
        "bakery-tweet",
        "Write a tweet announcing our bakery's new sourdough loaf, $6 each.",
        "- Has at least 3 hashtags\n- Uses two emojis\n- Mentions the price\n"
        "- The last sentence includes a call to action",
    ),
    (
        "hiking-club",
        "Write a short welcome message for new members of the hiking club. Meetups are every Saturday at 8 am "
        "at the north trailhead. Sign up at hikeclub.org.",
        "- Has a greeting\n- Includes a link\n- Mentions the time\n- Includes a call to action\n- Mentions boots",
    ),
]

LEFT_OUT: dict[str, tuple[str, ...]] = {
    # Criteria the writer leaves failing because the task gives nothing true to write for them (issue 38: a
    # word only the rubric gives is never held by a sentence of its own).
    "picnic": ("Mentions food",),
    "kitchen": ("Mentions the dates",),  # "next week" is no date, and the writer makes none up
    "bake-sale": ("Mentions cakes",),
    "parking": ("Mentions fines", "Mentions permits", "Mentions visitors"),
    "deploy-freeze": ("Mentions rollback", "Mentions the deadline"),  # the freeze is on Friday; no deadline given
    "thank-dana": ("Mentions coffee",),
    "landlord": ("Mentions radiators",),
    "workshop-invite": ('Mentions the words "prototype" and "feedback"',),
    "garden-quote": ("Mentions planting, paving and lighting",),
    "remote-work": ("Mentions commuting", "Mentions flexibility", "Mentions productivity"),
    "photosynthesis": ("Includes a statistic", "Mentions light and chlorophyll", "Mentions oxygen"),
    "vaccines": ("Mentions antibodies", "Mentions the immune system"),
    "bicycle-history": ("Mentions the draisine", "Mentions the safety bicycle"),
    "migration-report": ("Mentions redirects",),
    "second-language": ("Mentions careers",),
    "new-managers": ("Mentions one-on-ones",),
    "grandmother-bicycle": ("Mentions rust",),
    "slugify": ("Mentions unicode",),  # a code task's message describes its code; no word is woven in
    # "median": its code calls sorted(), a form of "sorting" (the grader reads word forms since issue 38)
    "lisbon-market": ("Mentions fish", "Mentions oranges, bread and flowers"),
    "hiking-club": ("Mentions boots",),
}
"""The criteria each case leaves unmet, on purpose (they end fail or n/a, never pass); every other criterion
ends pass or n/a."""
