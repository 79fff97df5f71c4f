"""Sixty tasks with rubrics written blind (never reading the offline writer) by another person: /work/blind/writer_a
(issue 38, item 4). Kept as written; each has facts a draft must carry (verbatim substrings of the task), forbidden
literal strings, and what an acceptable first draft looks like."""

from __future__ import annotations


def _r(*lines):
    return "\n".join("- " + line for line in lines)


TASKS = [
    # ------------------------------------------------------------------ launch email
    {
        "id": "launch-email-roamly",
        "genre": "launch email",
        "task": (
            "Write a launch email for a budget travel app called Roamly. Under 150 words, "
            "mention the 30-day free trial and the price of $4.99/month, end with a question. "
            "Sign it from Priya, Head of Growth. Avoid the word 'cheap'."
        ),
        "rubric": _r(
            "Is a launch email for Roamly with a subject line",
            "Under 150 words",
            "Mentions the 30-day free trial and $4.99/month",
            "Ends with a question",
            "Signed by Priya, Head of Growth",
            "Does not use the word 'cheap'",
            "Sounds exciting without being pushy",
        ),
        "facts": ["Roamly", "30-day free trial", "$4.99/month", "Priya", "Head of Growth"],
        "forbidden": ["cheap"],
        "acceptable": (
            "A short email with a subject line, a greeting, a body introducing Roamly as a budget "
            "travel app with the trial and price, a closing question to the reader and a sign-off "
            "from Priya. Any reasonable handling of 'end with a question' plus a signature is fine."
        ),
    },
    {
        "id": "launch-email-inkwell-2",
        "genre": "launch email",
        "task": (
            "Can you draft the email announcing Inkwell 2.0 to our existing users? Big things are "
            "offline mode and shared notebooks. It goes out on March 12."
        ),
        "rubric": _r(
            "Announces Inkwell 2.0 to existing users",
            "Covers offline mode and shared notebooks",
            "Mentions March 12",
            "Has a subject line and a clear call to action",
            "Friendly and concise",
        ),
        "facts": ["Inkwell 2.0", "offline mode", "shared notebooks", "March 12"],
        "forbidden": [],
        "acceptable": (
            "An email with subject line, greeting, a body explaining the two headline features of "
            "Inkwell 2.0 and when it is available, a call to action (update / try it) and a sign-off."
        ),
    },
    # ------------------------------------------------------------------ job post
    {
        "id": "job-post-crumb-backend",
        "genre": "job post",
        "task": (
            "Job post for a Senior Backend Engineer at Crumb & Co (we're a bakery delivery startup in Leeds).\n"
            "Must include:\n"
            "- salary £65,000–£80,000\n"
            "- hybrid, 2 days a week in the office\n"
            "- Python and PostgreSQL experience\n"
            "Keep it under 300 words and don't use the words 'rockstar' or 'ninja'."
        ),
        "rubric": _r(
            "Job title is Senior Backend Engineer at Crumb & Co",
            "States the salary £65,000–£80,000",
            "Says hybrid, 2 days a week in the office, in Leeds",
            "Asks for Python and PostgreSQL experience",
            "Under 300 words",
            "No 'rockstar' or 'ninja'",
            "Includes how to apply",
        ),
        "facts": [
            "Senior Backend Engineer",
            "Crumb & Co",
            "Leeds",
            "£65,000–£80,000",
            "2 days a week",
            "Python",
            "PostgreSQL",
        ],
        "forbidden": ["rockstar", "ninja"],
        "acceptable": (
            "A job post with title, a short 'about Crumb & Co', responsibilities, requirements "
            "(Python, PostgreSQL), salary and working arrangement, and how to apply."
        ),
    },
    {
        "id": "job-post-barista",
        "genre": "job post",
        "task": "write a job ad for a part-time barista at Bean There Café",
        "rubric": _r(
            "Is a job ad for a part-time barista",
            "Names Bean There Café",
            "Lists duties and what we're looking for",
            "Says how to apply",
            "Sounds welcoming",
        ),
        "facts": ["part-time barista", "Bean There Café"],
        "forbidden": [],
        "acceptable": (
            "A job ad with the role title, a line about the café, duties, requirements or nice-to-haves, "
            "and how to apply. Made-up specifics like pay or hours should be left as placeholders, not invented."
        ),
    },
    {
        "id": "job-post-night-nurse",
        "genre": "job post",
        "task": (
            "We need a job posting for a night-shift registered nurse at Maple Grove Care Home. "
            "Pay is $38/hour, 3 nights a week. Applicants should email careers@maplegrove.org."
        ),
        "rubric": _r(
            "Job posting for a night-shift registered nurse at Maple Grove Care Home",
            "States pay of $38/hour",
            "Mentions 3 nights a week",
            "Tells applicants to email careers@maplegrove.org",
            "Professional and caring tone",
        ),
        "facts": ["registered nurse", "Maple Grove Care Home", "$38/hour", "3 nights a week", "careers@maplegrove.org"],
        "forbidden": [],
        "acceptable": (
            "A job posting with title, about the care home, responsibilities, requirements "
            "(e.g. registration/licence), pay and schedule, and how to apply by email."
        ),
    },
    # ------------------------------------------------------------------ release notes
    {
        "id": "release-notes-tally-341",
        "genre": "release notes",
        "task": (
            "Release notes for Tally 3.4.1. Fixed: CSV export dropping the last row, crash on login "
            "with SSO. New: dark mode. Bullet points, grouped by New / Fixed."
        ),
        "rubric": _r(
            "Titled with Tally 3.4.1",
            "Has a New section with dark mode",
            "Has a Fixed section with the CSV export bug and the SSO login crash",
            "Uses bullet points",
            "Clear and user-facing",
        ),
        "facts": ["Tally 3.4.1", "dark mode", "CSV export", "SSO", "New", "Fixed"],
        "forbidden": [],
        "acceptable": (
            "A version heading followed by a 'New' bullet list (dark mode) and a 'Fixed' bullet list "
            "(CSV export last row, SSO login crash). Nothing else needed."
        ),
    },
    {
        "id": "release-notes-app-2",
        "genre": "release notes",
        "task": "Write release notes for version 2.0 of our mobile app.",
        "rubric": _r(
            "Release notes for version 2.0",
            "Organised into sections or bullets",
            "Easy for users to scan",
            "Doesn't invent specific features we didn't ship",
        ),
        "facts": ["2.0"],
        "forbidden": [],
        "acceptable": (
            "A release-notes skeleton for version 2.0 with headings like New / Improved / Fixed and "
            "placeholder bullets (or clearly generic ones) for the user to fill in."
        ),
    },
    {
        "id": "release-notes-pipewise-one-line",
        "genre": "release notes",
        "task": (
            "Release notes for Pipewise v0.9.0 — keep it to ONE line, but it needs to cover: the new "
            "Slack integration, 40% faster sync, the removed legacy API, and the fix for duplicate "
            "notifications. No marketing fluff."
        ),
        "rubric": _r(
            "A single line",
            "Names Pipewise v0.9.0",
            "Covers Slack integration, 40% faster sync, legacy API removal and the duplicate notifications fix",
            "No marketing fluff",
        ),
        "facts": ["Pipewise v0.9.0", "Slack integration", "40% faster sync", "legacy API", "duplicate notifications"],
        "forbidden": [],
        "acceptable": (
            "One dense line such as 'Pipewise v0.9.0: adds Slack integration, 40% faster sync, removes "
            "the legacy API, fixes duplicate notifications.' A very short list would be a tolerable compromise."
        ),
    },
    # ------------------------------------------------------------------ recipe
    {
        "id": "recipe-banana-bread",
        "genre": "recipe",
        "task": "Give me a recipe for banana bread.",
        "rubric": _r(
            "Is a banana bread recipe",
            "Has an ingredient list with quantities",
            "Has numbered steps",
            "Includes oven temperature and baking time",
        ),
        "facts": ["banana bread"],
        "forbidden": [],
        "acceptable": (
            "A title, ingredient list with amounts, numbered method steps including oven temperature and bake time."
        ),
    },
    {
        "id": "recipe-vegan-chili",
        "genre": "recipe",
        "task": (
            "Vegan chili recipe for 6 people, ready in under 45 minutes, no mushrooms (my partner hates "
            "them), and list ingredients in metric."
        ),
        "rubric": _r(
            "Vegan chili, no animal products",
            "Serves 6",
            "Total time under 45 minutes",
            "No mushrooms",
            "Ingredients in metric units",
            "Clear numbered steps",
        ),
        "facts": ["6", "45 minutes"],
        "forbidden": ["mushroom"],
        "acceptable": (
            "Title, servings (6) and time, an ingredient list in grams/ml, and numbered steps. "
            "No meat, dairy or mushrooms."
        ),
    },
    # ------------------------------------------------------------------ cover letter
    {
        "id": "cover-letter-northwind",
        "genre": "cover letter",
        "task": (
            "Write a cover letter for me applying to the Junior Data Analyst role at Northwind Logistics. "
            "I have a BSc in Statistics from the University of Bristol and did a 6-month internship at Ocado."
        ),
        "rubric": _r(
            "Cover letter for the Junior Data Analyst role at Northwind Logistics",
            "Mentions the BSc in Statistics from the University of Bristol",
            "Mentions the 6-month internship at Ocado",
            "Has greeting, body paragraphs and sign-off",
            "Enthusiastic but professional",
        ),
        "facts": [
            "Junior Data Analyst",
            "Northwind Logistics",
            "BSc in Statistics",
            "University of Bristol",
            "6-month internship",
            "Ocado",
        ],
        "forbidden": [],
        "acceptable": (
            "A letter with a greeting, an opening naming the role, a paragraph on the degree and "
            "internship, a closing paragraph and sign-off. No invented achievements."
        ),
    },
    {
        "id": "cover-letter-fable-fern-tight",
        "genre": "cover letter",
        "task": (
            "Cover letter for a Marketing Manager position at Fable & Fern. Needs to be under 120 words "
            "but mention all of these: 7 years experience, grew Instagram following from 2k to 85k, led the "
            "'Green Tuesdays' campaign, fluent in Spanish and French, MBA from INSEAD, and that I can start "
            "1 September. Confident but not arrogant."
        ),
        "rubric": _r(
            "Cover letter for Marketing Manager at Fable & Fern",
            "Under 120 words",
            "Mentions 7 years experience, 2k to 85k Instagram growth, 'Green Tuesdays', Spanish and French, INSEAD MBA, start date 1 September",
            "Confident but not arrogant",
            "Still reads like a letter, not a list",
        ),
        "facts": [
            "Marketing Manager",
            "Fable & Fern",
            "7 years",
            "2k to 85k",
            "Green Tuesdays",
            "Spanish",
            "French",
            "INSEAD",
            "1 September",
        ],
        "forbidden": [],
        "acceptable": (
            "A very compact letter (greeting, 2-3 short paragraphs, sign-off) that squeezes in all six "
            "points under 120 words."
        ),
    },
    # ------------------------------------------------------------------ story opening
    {
        "id": "story-opening-night-train",
        "genre": "story opening",
        "task": "Write the opening of a mystery story set on a night train.",
        "rubric": _r(
            "Reads as the opening of a mystery",
            "Set on a night train",
            "Establishes a hook or question",
            "Vivid prose",
        ),
        "facts": ["train"],
        "forbidden": [],
        "acceptable": (
            "One to a few paragraphs of narrative prose setting the scene on a night train and "
            "introducing something mysterious. Not a summary or outline."
        ),
    },
    {
        "id": "story-opening-odile",
        "genre": "story opening",
        "task": (
            "Opening paragraph for a sci-fi short story. Main character is a lighthouse keeper named "
            "Odile Varga on a moon of Neptune. First person, present tense, end on a cliffhanger, max 200 "
            "words. Don't say 'suddenly'."
        ),
        "rubric": _r(
            "Sci-fi opening about lighthouse keeper Odile Varga on a moon of Neptune",
            "First person, present tense",
            "Ends on a cliffhanger",
            "Max 200 words",
            "Never uses 'suddenly'",
            "Atmospheric",
        ),
        "facts": ["Odile Varga", "Neptune"],
        "forbidden": ["suddenly"],
        "acceptable": (
            "A single narrative paragraph in first person present ('I climb...'), naming Odile Varga and "
            "the Neptune setting, ending on an unresolved moment."
        ),
    },
    # ------------------------------------------------------------------ tweet
    {
        "id": "tweet-podcast-100",
        "genre": "tweet",
        "task": "tweet announcing our podcast's 100th episode",
        "rubric": _r(
            "Fits in a tweet (under 280 characters)",
            "Announces the 100th episode",
            "Celebratory tone",
            "Invites people to listen",
        ),
        "facts": ["100th episode"],
        "forbidden": [],
        "acceptable": "A single tweet under 280 characters celebrating the 100th episode with a nudge to listen.",
    },
    {
        "id": "tweet-glowbar-sale",
        "genre": "tweet",
        "task": (
            "Tweet for Glowbar's summer sale: 25% off everything with code SUNNY25, ends Sunday 30 June. "
            "Under 280 characters, no hashtags, one emoji max."
        ),
        "rubric": _r(
            "Under 280 characters",
            "Mentions Glowbar, 25% off and code SUNNY25",
            "Says it ends Sunday 30 June",
            "No hashtags",
            "At most one emoji",
            "Creates urgency",
        ),
        "facts": ["Glowbar", "25% off", "SUNNY25", "30 June"],
        "forbidden": ["#"],
        "acceptable": "One tweet with the discount, the code and the end date, no hashtags, 0-1 emoji.",
    },
    # ------------------------------------------------------------------ tweet thread
    {
        "id": "thread-postmortems",
        "genre": "tweet thread",
        "task": (
            "Write a 5-tweet thread explaining why small teams should write postmortems after outages. "
            "Number the tweets like 1/5, 2/5."
        ),
        "rubric": _r(
            "Exactly 5 tweets",
            "Numbered 1/5 to 5/5",
            "Each tweet under 280 characters",
            "Makes the case for postmortems in small teams",
            "Engaging first tweet",
        ),
        "facts": ["1/5", "2/5", "postmortem"],
        "forbidden": [],
        "acceptable": (
            "Five separate short tweets numbered 1/5 ... 5/5, building an argument for blameless "
            "postmortems after outages, aimed at small teams."
        ),
    },
    {
        "id": "thread-quillo-launch",
        "genre": "tweet thread",
        "task": (
            "Thread (4 tweets) launching Quillo, an AI-free note-taking app. Each tweet under 200 chars. "
            "First tweet must hook people without mentioning the product name, last tweet must have the "
            "link quillo.app/beta. Mention the launch price of $29 lifetime."
        ),
        "rubric": _r(
            "4 tweets, each under 200 characters",
            "First tweet hooks without naming Quillo",
            "Last tweet includes quillo.app/beta",
            "Mentions $29 lifetime",
            "Explains it's an AI-free note-taking app",
        ),
        "facts": ["Quillo", "AI-free", "quillo.app/beta", "$29 lifetime"],
        "forbidden": [],
        "acceptable": (
            "Four short tweets: a hook with no product name, then tweets introducing Quillo as an AI-free "
            "note-taking app with the $29 lifetime price, ending with the beta link."
        ),
    },
    # ------------------------------------------------------------------ FAQ answer
    {
        "id": "faq-change-address",
        "genre": "FAQ answer",
        "task": "FAQ answer: 'Can I change my delivery address after ordering?'",
        "rubric": _r(
            "Directly answers the question",
            "Explains what to do",
            "Short and clear",
            "Doesn't invent specific policies or deadlines",
        ),
        "facts": ["delivery address"],
        "forbidden": [],
        "acceptable": (
            "A short answer (a few sentences) that answers yes/it depends and tells the customer how "
            "to request the change, without inventing precise time limits."
        ),
    },
    {
        "id": "faq-loopwear-refunds",
        "genre": "FAQ answer",
        "task": (
            "Write the answer for our FAQ question 'What is your refund policy?' for Loopwear. Refunds "
            "within 30 days, item must be unworn with tags, refunds go back to the original payment method "
            "in 5–7 business days. Sale items are final sale. 2-3 sentences, friendly."
        ),
        "rubric": _r(
            "2-3 sentences",
            "Mentions 30 days and unworn with tags",
            "Says refunds go to the original payment method in 5–7 business days",
            "Says sale items are final sale",
            "Friendly tone",
        ),
        "facts": ["30 days", "unworn", "tags", "original payment method", "5–7 business days", "final sale"],
        "forbidden": [],
        "acceptable": (
            "Two or three friendly sentences covering the 30-day window, the unworn-with-tags condition, "
            "the refund timing, and the final-sale exception."
        ),
    },
    # ------------------------------------------------------------------ product description
    {
        "id": "product-desc-water-bottle",
        "genre": "product description",
        "task": "Product description for a stainless steel water bottle.",
        "rubric": _r(
            "Describes a stainless steel water bottle",
            "Highlights benefits",
            "Persuasive",
            "No made-up specs presented as fact",
        ),
        "facts": ["stainless steel"],
        "forbidden": [],
        "acceptable": (
            "A short paragraph or two (optionally with a bullet list of features) selling the bottle's "
            "benefits; no invented capacity or price unless clearly marked as placeholders."
        ),
    },
    {
        "id": "product-desc-midnight-fig",
        "genre": "product description",
        "task": (
            "Write an Etsy product description for our hand-poured soy candle 'Midnight Fig'. 8 oz, about "
            "50 hours burn time, $24. Three short paragraphs. Avoid the words 'luxurious' and 'cozy'."
        ),
        "rubric": _r(
            "About the hand-poured soy candle Midnight Fig",
            "Includes 8 oz, 50 hours burn time, $24",
            "Exactly three short paragraphs",
            "Does not use 'luxurious' or 'cozy'",
            "Evocative, makes you want to buy it",
        ),
        "facts": ["Midnight Fig", "soy candle", "8 oz", "50 hours", "$24"],
        "forbidden": ["luxurious", "cozy"],
        "acceptable": (
            "Three short paragraphs: scent/mood, product details (hand-poured soy, 8 oz, ~50 hours), "
            "and a closing with price or call to action."
        ),
    },
    # ------------------------------------------------------------------ meeting notes
    {
        "id": "minutes-product-sync",
        "genre": "meeting minutes",
        "task": (
            "Turn these into meeting minutes: weekly product sync, 14 May, attendees Sam, Leila, Tomasz. "
            "Decided to push the billing redesign to Q3. Leila owns the onboarding survey, due 21 May. "
            "Tomasz to fix flaky tests."
        ),
        "rubric": _r(
            "Formatted as meeting minutes with date and attendees",
            "Records the decision to push the billing redesign to Q3",
            "Action items with owners: Leila onboarding survey due 21 May, Tomasz flaky tests",
            "Nothing added that wasn't discussed",
        ),
        "facts": [
            "14 May",
            "Sam",
            "Leila",
            "Tomasz",
            "billing redesign",
            "Q3",
            "onboarding survey",
            "21 May",
            "flaky tests",
        ],
        "forbidden": [],
        "acceptable": (
            "Minutes with a header (meeting name, date), attendees, a decisions section and an action "
            "items list with owners and due dates. No invented discussion points."
        ),
    },
    {
        "id": "minutes-board-template",
        "genre": "meeting minutes",
        "task": "write minutes for our monthly board meeting",
        "rubric": _r(
            "Structured as board meeting minutes",
            "Has attendees, agenda items, decisions, action items",
            "Uses placeholders where details are unknown",
            "Formal tone",
        ),
        "facts": [],
        "forbidden": [],
        "acceptable": (
            "A minutes template/draft with date, attendees, call to order, agenda items, motions or "
            "decisions, action items, adjournment — with placeholders rather than invented specifics."
        ),
    },
    # ------------------------------------------------------------------ list of tips
    {
        "id": "tips-wfh-focus",
        "genre": "list of tips",
        "task": "List of tips for staying focused while working from home.",
        "rubric": _r(
            "Formatted as a list",
            "Tips are about focus when working from home",
            "Practical and specific",
            "No filler",
        ),
        "facts": [],
        "forbidden": [],
        "acceptable": "A bulleted or numbered list of 5-10 concrete, actionable tips for focus while working from home.",
    },
    {
        "id": "tips-marathon-seven",
        "genre": "list of tips",
        "task": (
            "Give me exactly 7 tips for first-time marathon runners, numbered. Each tip one sentence. "
            "Mention the 10% rule and carb loading. Keep the whole thing under 80 words."
        ),
        "rubric": _r(
            "Exactly 7 numbered tips",
            "Each tip is one sentence",
            "Mentions the 10% rule and carb loading",
            "Under 80 words total",
            "Useful for first-time marathoners",
        ),
        "facts": ["10% rule", "carb loading"],
        "forbidden": [],
        "acceptable": "A numbered list 1-7 of single short sentences, including the 10% rule and carb loading, under 80 words.",
    },
    # ------------------------------------------------------------------ limerick
    {
        "id": "limerick-coding-cat",
        "genre": "limerick",
        "task": "Write a limerick about a cat who learns to code.",
        "rubric": _r(
            "Five lines",
            "AABBA rhyme scheme",
            "About a cat learning to code",
            "Funny",
        ),
        "facts": [],
        "forbidden": [],
        "acceptable": "A five-line AABBA limerick with bouncy rhythm about a cat learning to code.",
    },
    {
        "id": "limerick-dave-excel",
        "genre": "limerick",
        "task": (
            "limerick about our coworker Dave from accounting who's obsessed with spreadsheets — keep it "
            "kind, must rhyme properly (AABBA), and mention Excel"
        ),
        "rubric": _r(
            "Five-line limerick with AABBA rhyme",
            "About Dave from accounting and spreadsheets",
            "Mentions Excel",
            "Kind, not mean",
        ),
        "facts": ["Dave", "Excel"],
        "forbidden": [],
        "acceptable": "A five-line AABBA limerick, gently teasing Dave's love of spreadsheets and naming Excel.",
    },
    # ------------------------------------------------------------------ haiku
    {
        "id": "haiku-autumn-rain",
        "genre": "haiku",
        "task": "haiku about autumn rain",
        "rubric": _r(
            "Three lines",
            "Roughly 5-7-5 syllables",
            "About autumn rain",
            "Evocative image",
        ),
        "facts": [],
        "forbidden": [],
        "acceptable": "Three short lines in roughly 5-7-5 syllables with an autumn rain image. Nothing else.",
    },
    {
        "id": "haiku-brightside",
        "genre": "haiku",
        "task": (
            "Write a haiku (5-7-5) about our product launch for Brightside Analytics. It has to include "
            "the words 'dashboard' and 'sunrise' and the name Brightside Analytics."
        ),
        "rubric": _r(
            "Three lines, 5-7-5 syllables",
            "Includes 'dashboard' and 'sunrise'",
            "Includes the name Brightside Analytics",
            "About the product launch",
        ),
        "facts": ["dashboard", "sunrise", "Brightside Analytics"],
        "forbidden": [],
        "acceptable": "A three-line haiku close to 5-7-5 that includes dashboard, sunrise and Brightside Analytics.",
    },
    # ------------------------------------------------------------------ sonnet
    {
        "id": "sonnet-automated-lighthouse",
        "genre": "sonnet",
        "task": (
            "Write a Shakespearean sonnet about a lighthouse that has been automated and no longer needs "
            "its keeper. 14 lines, iambic pentameter, ABAB CDCD EFEF GG rhyme scheme."
        ),
        "rubric": _r(
            "14 lines",
            "ABAB CDCD EFEF GG rhyme scheme",
            "Roughly iambic pentameter",
            "About an automated lighthouse and its redundant keeper",
            "Ends with a couplet that turns or resolves",
        ),
        "facts": ["lighthouse"],
        "forbidden": [],
        "acceptable": "A 14-line poem in three quatrains and a couplet, rhyming ABAB CDCD EFEF GG, on the theme.",
    },
    # ------------------------------------------------------------------ Python function with tests
    {
        "id": "py-palindrome",
        "genre": "Python function with tests",
        "task": "Python function to check if a string is a palindrome, with tests.",
        "rubric": _r(
            "Defines a Python function that checks for palindromes",
            "Includes tests",
            "Handles simple edge cases (empty string, single char)",
            "Code runs",
        ),
        "facts": ["palindrome"],
        "forbidden": [],
        "acceptable": "A Python function (e.g. is_palindrome) returning a bool, plus a few assert/pytest/unittest tests.",
    },
    {
        "id": "py-slugify",
        "genre": "Python function with tests",
        "task": (
            "Write a Python function `slugify(title: str) -> str` that:\n"
            "- lowercases\n"
            "- replaces spaces and underscores with hyphens\n"
            "- strips anything not a-z, 0-9 or hyphen\n"
            "- collapses repeated hyphens\n"
            "Include pytest tests covering at least 4 cases, including an empty string. No third-party libraries."
        ),
        "rubric": _r(
            "Defines slugify(title: str) -> str",
            "Lowercases, turns spaces/underscores into hyphens, strips other chars, collapses repeated hyphens",
            "At least 4 pytest tests, one with an empty string",
            "Standard library only",
            "Tests would pass",
        ),
        "facts": ["slugify", "pytest"],
        "forbidden": ["from slugify", "import slugify"],
        "acceptable": (
            "A slugify function using str methods or re, and a pytest test module with 4+ test cases "
            "including slugify('') == ''."
        ),
    },
    {
        "id": "py-parse-duration",
        "genre": "Python function with tests",
        "task": (
            "I need a function parse_duration that turns strings like '1h30m' or '45s' into total seconds "
            "as an int. Please add unittest tests."
        ),
        "rubric": _r(
            "Defines parse_duration returning an int number of seconds",
            "Handles '1h30m' -> 5400 and '45s' -> 45",
            "Includes unittest tests",
            "Handles or rejects bad input sensibly",
        ),
        "facts": ["parse_duration", "1h30m", "45s", "unittest"],
        "forbidden": [],
        "acceptable": (
            "A Python function parsing h/m/s components into seconds, plus a unittest.TestCase with "
            "tests for '1h30m' (5400) and '45s' (45)."
        ),
    },
    {
        "id": "py-median-one-line",
        "genre": "Python function with tests",
        "task": (
            "Write a one-line Python function `median(nums)` that returns the median of a list (average of "
            "the two middle values for even length, raise ValueError on empty list), plus tests. Don't use "
            "the statistics module."
        ),
        "rubric": _r(
            "Defines median(nums) in (close to) one line",
            "Averages the two middle values for even-length lists",
            "Raises ValueError on an empty list",
            "Includes tests",
            "Does not use the statistics module",
        ),
        "facts": ["median", "ValueError"],
        "forbidden": ["import statistics", "from statistics"],
        "acceptable": (
            "A compact median function (one line if feasible, short otherwise) that sorts, handles odd/even "
            "lengths and raises ValueError when empty, plus a few tests."
        ),
    },
    # ------------------------------------------------------------------ SQL query
    {
        "id": "sql-top-customers-2023",
        "genre": "SQL query",
        "task": (
            "SQL query: top 10 customers by total order value in 2023. Tables: customers(id, name, email), "
            "orders(id, customer_id, total_amount, created_at)."
        ),
        "rubric": _r(
            "Single SQL query",
            "Joins customers and orders on customer_id",
            "Filters to orders created in 2023",
            "Sums total_amount per customer, ordered descending",
            "Limits to 10 rows",
        ),
        "facts": ["customers", "orders", "customer_id", "total_amount", "created_at", "2023", "10"],
        "forbidden": [],
        "acceptable": (
            "SELECT customer id/name with SUM(total_amount) FROM customers JOIN orders, WHERE created_at in "
            "2023, GROUP BY customer, ORDER BY the sum DESC, LIMIT 10."
        ),
    },
    {
        "id": "sql-duplicate-emails",
        "genre": "SQL query",
        "task": "Write a SQL query to find duplicate email addresses in the users table.",
        "rubric": _r(
            "Queries the users table",
            "Groups by email",
            "Returns emails appearing more than once",
            "Valid SQL",
        ),
        "facts": ["users", "email"],
        "forbidden": [],
        "acceptable": "SELECT email, COUNT(*) FROM users GROUP BY email HAVING COUNT(*) > 1 (or equivalent).",
    },
    {
        "id": "sql-dept-avg-salary",
        "genre": "SQL query",
        "task": (
            "Postgres query please. From `employees` (id, name, department_id, salary, hired_on) and "
            "`departments` (id, name), get each department name with its average salary and headcount, only "
            "departments with more than 5 people, sorted by average salary descending. Round the average to "
            "2 decimals. No subqueries."
        ),
        "rubric": _r(
            "Joins employees to departments on department_id",
            "Returns department name, average salary rounded to 2 decimals, and headcount",
            "Only departments with more than 5 employees (HAVING)",
            "Sorted by average salary descending",
            "No subqueries; valid PostgreSQL",
        ),
        "facts": ["employees", "departments", "department_id", "salary"],
        "forbidden": [],
        "acceptable": (
            "One SELECT with JOIN, GROUP BY department, ROUND(AVG(salary), 2) (cast to numeric as needed), "
            "COUNT(*), HAVING COUNT(*) > 5, ORDER BY average DESC."
        ),
    },
    {
        "id": "sql-page-views-mysql57",
        "genre": "SQL query",
        "task": (
            "Write a single SQL query (no CTEs) against page_views(user_id, url, viewed_at) that returns, for "
            "each user, the number of views in the last 7 days AND their first ever viewed url. Must work in "
            "MySQL 5.7."
        ),
        "rubric": _r(
            "Single query against page_views",
            "Per user: count of views in the last 7 days",
            "Per user: the url of their earliest view",
            "No CTEs, no window functions (MySQL 5.7 compatible)",
            "Correct results for users with no recent views",
        ),
        "facts": ["page_views", "user_id", "url", "viewed_at"],
        "forbidden": ["ROW_NUMBER", "OVER ("],
        "acceptable": (
            "One MySQL 5.7-compatible query, e.g. GROUP BY user_id with SUM(viewed_at >= NOW() - INTERVAL 7 DAY) "
            "and a join or correlated subquery to fetch the url at MIN(viewed_at)."
        ),
    },
    # ------------------------------------------------------------------ JSON object / config
    {
        "id": "json-logging-config",
        "genre": "JSON config",
        "task": (
            "JSON config for our logging service: level 'info', output to stdout, rotate files daily, keep "
            "14 days, and JSON formatting turned on."
        ),
        "rubric": _r(
            "Valid JSON",
            "Level set to info",
            "Output to stdout",
            "Daily rotation with 14 days retention",
            "JSON formatting enabled",
        ),
        "facts": ["info", "stdout", "daily", "14"],
        "forbidden": [],
        "acceptable": (
            'A valid JSON object with sensible keys, e.g. {"level": "info", "output": "stdout", '
            '"rotation": {"interval": "daily", "retention_days": 14}, "format": "json"}.'
        ),
    },
    {
        "id": "json-user-profile",
        "genre": "JSON object",
        "task": (
            "Give me a JSON object for a user profile with keys: id (integer), username (string), email "
            "(string), is_verified (boolean), signup_date (ISO 8601 string), roles (array of strings). Use "
            "example values for a user called 'marta_k'. Just the JSON, no explanation, no comments."
        ),
        "rubric": _r(
            "Only a JSON object, no prose",
            "Has keys id, username, email, is_verified, signup_date, roles",
            "Types match: integer, strings, boolean, ISO 8601 date, array of strings",
            "username is marta_k",
            "Valid JSON with no comments",
        ),
        "facts": ["id", "username", "email", "is_verified", "signup_date", "roles", "marta_k"],
        "forbidden": ["//"],
        "acceptable": "A single valid JSON object with exactly those six keys and plausible example values for marta_k.",
    },
    {
        "id": "json-package-fetchy",
        "genre": "JSON config",
        "task": "package.json for a small Node CLI tool called fetchy",
        "rubric": _r(
            "Valid package.json",
            "name is fetchy",
            "Has a bin entry for the CLI",
            "Has version, description, scripts",
        ),
        "facts": ["fetchy"],
        "forbidden": [],
        "acceptable": "A valid package.json with name fetchy, version, description, bin mapping, and basic scripts.",
    },
    # ------------------------------------------------------------------ LinkedIn post
    {
        "id": "linkedin-new-job-canva",
        "genre": "LinkedIn post",
        "task": "LinkedIn post about starting my new job as a UX designer at Canva",
        "rubric": _r(
            "Announces a new job as a UX designer at Canva",
            "Grateful, positive tone",
            "Not overly long",
            "Sounds like a real person",
        ),
        "facts": ["UX designer", "Canva"],
        "forbidden": [],
        "acceptable": "A short first-person LinkedIn post announcing the new role, with a thank-you and what they're excited about.",
    },
    {
        "id": "linkedin-ledgerly-10k",
        "genre": "LinkedIn post",
        "task": (
            "LinkedIn post celebrating our team hitting 10,000 customers at Ledgerly. Thank the support team "
            "by name (Aisha and Ben), no humblebragging, max 3 hashtags, end with a question to engage people."
        ),
        "rubric": _r(
            "Celebrates Ledgerly reaching 10,000 customers",
            "Thanks Aisha and Ben from support by name",
            "At most 3 hashtags",
            "Ends with a question",
            "Genuine, not humblebragging",
        ),
        "facts": ["10,000 customers", "Ledgerly", "Aisha", "Ben"],
        "forbidden": [],
        "acceptable": "A LinkedIn post of a few short paragraphs with the milestone, named thanks, up to three hashtags and a closing question.",
    },
    # ------------------------------------------------------------------ landing-page hero
    {
        "id": "hero-stackwise",
        "genre": "landing-page hero text",
        "task": (
            "Hero section copy for Stackwise, a tool that turns Slack threads into documentation. Need "
            "headline, subheadline, and CTA button text."
        ),
        "rubric": _r(
            "Has a headline, a subheadline and CTA button text",
            "Makes clear Stackwise turns Slack threads into documentation",
            "Headline is punchy",
            "CTA is short and action-oriented",
        ),
        "facts": ["Stackwise", "Slack"],
        "forbidden": [],
        "acceptable": "Three labelled pieces: a short headline, a one-sentence subheadline naming Stackwise and Slack, and a 2-4 word CTA.",
    },
    {
        "id": "hero-pawplan-six-words",
        "genre": "landing-page hero text",
        "task": (
            "Landing page hero for PawPlan (pet insurance, from £7/month). Headline max 6 words, must include "
            "'vet bills', 'no paperwork' and 'from £7/month' in the headline. Plus a CTA."
        ),
        "rubric": _r(
            "Headline of at most 6 words",
            "Headline includes 'vet bills', 'no paperwork' and 'from £7/month'",
            "Includes a CTA",
            "Clear it's pet insurance from PawPlan",
        ),
        "facts": ["PawPlan", "vet bills", "no paperwork", "from £7/month"],
        "forbidden": [],
        "acceptable": (
            "A headline that manages the three phrases in about six words (e.g. 'Vet bills, no paperwork, from "
            "£7/month'), a line identifying PawPlan pet insurance, and a CTA button label."
        ),
    },
    # ------------------------------------------------------------------ apology email
    {
        "id": "apology-outage",
        "genre": "apology email",
        "task": "apology email to customers for yesterday's 3-hour outage",
        "rubric": _r(
            "Apologises clearly for the 3-hour outage",
            "Takes responsibility",
            "Says what we're doing to prevent it",
            "Has subject line and sign-off",
            "Sincere, not defensive",
        ),
        "facts": ["3-hour"],
        "forbidden": [],
        "acceptable": (
            "An email with subject, greeting, a sincere apology for the 3-hour outage, a brief what-happened / "
            "what-next (placeholders fine), and a sign-off. No invented root cause."
        ),
    },
    {
        "id": "apology-okafor-damaged",
        "genre": "apology email",
        "task": (
            "Write an apology email to a customer, Mr. Okafor, whose order #48213 arrived damaged. Offer a full "
            "refund or free replacement, plus a 15% discount code SORRY15. Don't blame the courier. Sign off "
            "as Hannah from Crumb & Co."
        ),
        "rubric": _r(
            "Addressed to Mr. Okafor and references order #48213",
            "Offers a full refund or free replacement",
            "Includes 15% discount code SORRY15",
            "Doesn't blame the courier",
            "Signed by Hannah from Crumb & Co",
            "Warm and sincere",
        ),
        "facts": ["Mr. Okafor", "#48213", "full refund", "replacement", "15%", "SORRY15", "Hannah", "Crumb & Co"],
        "forbidden": [],
        "acceptable": (
            "An email with subject, greeting to Mr. Okafor, apology for the damaged order #48213, the refund/"
            "replacement choice and the SORRY15 code, and a sign-off from Hannah at Crumb & Co."
        ),
    },
    # ------------------------------------------------------------------ event invitation
    {
        "id": "invite-holiday-party",
        "genre": "event invitation",
        "task": (
            "Invitation to our office holiday party, Friday 13 December from 6pm at The Copper Kettle, "
            "22 Mill Lane. RSVP to Jo by 6 December."
        ),
        "rubric": _r(
            "Invites people to the office holiday party",
            "Gives date Friday 13 December, 6pm",
            "Gives venue The Copper Kettle, 22 Mill Lane",
            "Asks to RSVP to Jo by 6 December",
            "Festive, friendly tone",
        ),
        "facts": ["Friday 13 December", "6pm", "The Copper Kettle", "22 Mill Lane", "Jo", "6 December"],
        "forbidden": [],
        "acceptable": "A short invitation with what, when, where and RSVP details, in a warm tone.",
    },
    {
        "id": "invite-data-after-dark",
        "genre": "event invitation",
        "task": (
            "Event invite for 'Data After Dark', a meetup on 9 October, 7–9pm, at Kraken Labs Berlin. Keep it "
            "super short — 2 sentences max — but include the agenda (3 talks: 'Vector DBs in prod' by Lena "
            "Fischer, 'Query plans explained' by Omar Haddad, 'dbt at scale' by Yuki Sato), free pizza, and the "
            "RSVP link meetup.com/data-after-dark. No exclamation marks."
        ),
        "rubric": _r(
            "At most 2 sentences",
            "Names Data After Dark, 9 October, 7–9pm, Kraken Labs Berlin",
            "Lists all 3 talks with speakers",
            "Mentions free pizza",
            "Includes meetup.com/data-after-dark",
            "No exclamation marks",
        ),
        "facts": [
            "Data After Dark",
            "9 October",
            "7–9pm",
            "Kraken Labs Berlin",
            "Vector DBs in prod",
            "Lena Fischer",
            "Query plans explained",
            "Omar Haddad",
            "dbt at scale",
            "Yuki Sato",
            "pizza",
            "meetup.com/data-after-dark",
        ],
        "forbidden": ["!"],
        "acceptable": (
            "Two long-ish sentences: one with event, date, time, venue and the three talks/speakers; one with "
            "free pizza and the RSVP link. No exclamation marks."
        ),
    },
    # ------------------------------------------------------------------ press release
    {
        "id": "press-greenleaf-denver",
        "genre": "press release",
        "task": "Press release announcing that GreenLeaf Bank is opening a new branch in Denver.",
        "rubric": _r(
            "Standard press release format (headline, dateline, body, boilerplate, contact)",
            "Announces a new GreenLeaf Bank branch in Denver",
            "Includes a quote (placeholder fine)",
            "No invented dates or figures stated as fact",
        ),
        "facts": ["GreenLeaf Bank", "Denver"],
        "forbidden": [],
        "acceptable": (
            "Headline, DENVER dateline, lead paragraph, a quote attributed to a placeholder spokesperson, "
            "an 'About GreenLeaf Bank' section and media contact placeholders."
        ),
    },
    {
        "id": "press-orbita-series-a",
        "genre": "press release",
        "task": (
            "Press release: Orbita Robotics raises $12M Series A led by Northstar Ventures, announced 3 April "
            "2025.\n"
            "- include a quote from CEO Dana Ruiz\n"
            "- a boilerplate 'About Orbita Robotics' section\n"
            "- media contact: press@orbita.io\n"
            "Standard press release format, dateline San Francisco."
        ),
        "rubric": _r(
            "Headline announcing the $12M Series A led by Northstar Ventures",
            "Dateline San Francisco, 3 April 2025",
            "Quote from CEO Dana Ruiz",
            "'About Orbita Robotics' section",
            "Media contact press@orbita.io",
            "Professional, newsworthy tone",
        ),
        "facts": [
            "Orbita Robotics",
            "$12M Series A",
            "Northstar Ventures",
            "3 April 2025",
            "Dana Ruiz",
            "About Orbita Robotics",
            "press@orbita.io",
            "San Francisco",
        ],
        "forbidden": [],
        "acceptable": (
            "Headline, 'SAN FRANCISCO, 3 April 2025 —' lead, body, CEO quote, About section, media contact, "
            "and optionally ###. No invented investors or figures."
        ),
    },
    # ------------------------------------------------------------------ README section
    {
        "id": "readme-tidyup-install",
        "genre": "README section",
        "task": (
            "Write the Installation section of the README for our CLI tool 'tidyup'. It installs with "
            "pip install tidyup, needs Python 3.9+, and you can check it worked with tidyup --version."
        ),
        "rubric": _r(
            "A Markdown Installation section",
            "States the Python 3.9+ requirement",
            "Shows pip install tidyup in a code block",
            "Shows tidyup --version to verify",
            "Concise",
        ),
        "facts": ["Installation", "Python 3.9+", "pip install tidyup", "tidyup --version"],
        "forbidden": [],
        "acceptable": "A '## Installation' heading, a requirements line, and code blocks for the install and verify commands.",
    },
    {
        "id": "readme-contributing",
        "genre": "README section",
        "task": "README 'Contributing' section for an open-source project",
        "rubric": _r(
            "Markdown Contributing section",
            "Explains how to report issues and open pull requests",
            "Mentions tests/code style",
            "Welcoming",
        ),
        "facts": ["Contributing"],
        "forbidden": [],
        "acceptable": "A '## Contributing' section with steps (fork, branch, test, PR), how to file issues, and a welcoming note.",
    },
    # ------------------------------------------------------------------ bug report
    {
        "id": "bug-safari-pay-now",
        "genre": "bug report",
        "task": (
            "Bug report: on the checkout page in Safari 17, clicking 'Pay now' does nothing. Works in Chrome. "
            "Started after release 4.12.0."
        ),
        "rubric": _r(
            "Clear title",
            "Steps to reproduce on the checkout page",
            "Expected vs actual behaviour",
            "Environment: Safari 17, works in Chrome, regression since 4.12.0",
        ),
        "facts": ["Safari 17", "Pay now", "Chrome", "4.12.0", "checkout"],
        "forbidden": [],
        "acceptable": "A structured bug report: title, steps, expected, actual, environment/browser notes and the regression version.",
    },
    {
        "id": "bug-reportly-pdf-rows",
        "genre": "bug report",
        "task": (
            "Write a bug report for our tracker. Title under 10 words. Sections: Steps to reproduce, Expected, "
            "Actual, Environment. The bug: exporting a report with more than 1,000 rows to PDF in Reportly 2.3 "
            "cuts off at row 999. Environment is Windows 11, Reportly 2.3.0. Severity: medium. Don't speculate "
            "about the cause."
        ),
        "rubric": _r(
            "Title under 10 words",
            "Has sections Steps to reproduce, Expected, Actual, Environment",
            "Describes PDF export of more than 1,000 rows cutting off at row 999",
            "Environment Windows 11, Reportly 2.3.0; severity medium",
            "No speculation about the cause",
        ),
        "facts": [
            "Steps to reproduce",
            "Expected",
            "Actual",
            "Environment",
            "1,000 rows",
            "PDF",
            "row 999",
            "Windows 11",
            "Reportly 2.3.0",
            "medium",
        ],
        "forbidden": [],
        "acceptable": "A short title plus the four named sections filled in with the given facts and a severity line.",
    },
    # ------------------------------------------------------------------ speech opening
    {
        "id": "speech-best-man-tom",
        "genre": "speech opening",
        "task": (
            "Opening for my best man speech for my brother Tom's wedding to Priyanka. Should be funny but not "
            "embarrassing, under 60 seconds spoken, start with a joke but also start by thanking everyone for "
            "coming."
        ),
        "rubric": _r(
            "Opening of a best man speech for Tom and Priyanka",
            "Starts with a joke and thanks everyone for coming",
            "Under 60 seconds when spoken (~150 words)",
            "Funny but not embarrassing",
        ),
        "facts": ["Tom", "Priyanka"],
        "forbidden": [],
        "acceptable": "About 100-150 spoken words that open with a light joke woven into thanking guests, and introduce the speaker as Tom's brother.",
    },
    # ------------------------------------------------------------------ newsletter blurb
    {
        "id": "newsletter-plant-swap",
        "genre": "newsletter blurb",
        "task": (
            "Newsletter blurb (~80 words) about our community garden's spring plant swap on Saturday 20 April, "
            "10am–1pm at Elm Street Garden. Bring seedlings or cuttings."
        ),
        "rubric": _r(
            "About 80 words",
            "Mentions the spring plant swap on Saturday 20 April, 10am–1pm",
            "At Elm Street Garden",
            "Asks people to bring seedlings or cuttings",
            "Friendly community tone",
        ),
        "facts": ["plant swap", "Saturday 20 April", "10am–1pm", "Elm Street Garden", "seedlings", "cuttings"],
        "forbidden": [],
        "acceptable": "A single short paragraph (optionally with a heading) giving what, when, where and what to bring.",
    },
    # ------------------------------------------------------------------ customer support reply
    {
        "id": "support-charged-twice",
        "genre": "customer support reply",
        "task": "Reply to a customer who says they were charged twice for their subscription.",
        "rubric": _r(
            "Acknowledges and apologises for the double charge",
            "Explains next steps (refund / investigation)",
            "Empathetic and clear",
            "Doesn't promise specific amounts or dates we don't know",
        ),
        "facts": [],
        "forbidden": [],
        "acceptable": "A support reply with greeting, apology, what we'll do or what info we need, and a sign-off.",
    },
    {
        "id": "support-jamal-login",
        "genre": "customer support reply",
        "task": (
            "Customer support reply to Jamal, who can't log in after resetting his password. Tell him to clear "
            "his browser cache, try the reset link again (it expires after 24 hours), and if it still fails, "
            "we'll escalate to tier 2 — ticket #7731. No jargon, under 120 words, don't promise a fix by a "
            "specific date."
        ),
        "rubric": _r(
            "Addressed to Jamal",
            "Tells him to clear his browser cache and retry the reset link, which expires after 24 hours",
            "Says we'll escalate to tier 2 and references ticket #7731",
            "Under 120 words, no jargon",
            "No promised fix date",
            "Patient and reassuring",
        ),
        "facts": ["Jamal", "cache", "24 hours", "tier 2", "#7731"],
        "forbidden": [],
        "acceptable": "A short reply with greeting, the two steps, the escalation fallback with the ticket number, and a sign-off.",
    },
]
