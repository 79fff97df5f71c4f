"""Held-out writer tasks (writer_b).

40 tasks over 20 genres (2 each). Each entry:
  id         unique id
  genre      genre label
  task       the task as a user would type it (constraints inside)
  rubric     4-7 "- criterion" lines, as the task author would write them
  facts      strings the draft must carry, copied as written in the task
  forbidden  strings the draft must not contain (literal, case-insensitive)
  acceptable the parts a person would accept in a decent first draft
"""

TASKS: list[dict] = [
    # ------------------------------------------------------------------ launch email
    {
        "id": "wb_launch_email_01",
        "genre": "launch email",
        "task": "Write a launch email for Nimbus 3.1, our cloud backup app. Under 120 words, mention the 20% discount and end with a question.",
        "rubric": (
            "- Names the product as Nimbus 3.1\n"
            "- Mentions the 20% discount\n"
            "- Under 120 words\n"
            "- Ends with a question\n"
            "- Reads like a launch email (subject line or greeting, clear announcement)"
        ),
        "facts": ["Nimbus 3.1", "20%"],
        "forbidden": ["Lorem ipsum", "[Your Name]", "[Company]"],
        "acceptable": [
            "a subject line",
            "an opening that announces Nimbus 3.1 is out",
            "one to three sentences on what the backup app does better now",
            "the 20% discount offer",
            "a final sentence that is a question (e.g. 'Ready to try it?')",
        ],
    },
    {
        "id": "wb_launch_email_02",
        "genre": "launch email",
        "task": (
            "Hi - need the announcement email for Crumb & Co's new sourdough subscription, launching March 4. "
            "$18/month, delivered every Friday, cancel anytime. Include the phrase 'no strings attached'. "
            "Don't mention competitors or any other bakery by name. Keep it friendly, not salesy, and sign off as 'Maya, Crumb & Co'."
        ),
        "rubric": (
            "- Announces the Crumb & Co sourdough subscription launching March 4\n"
            "- States the price ($18/month) and Friday delivery\n"
            "- Says you can cancel anytime\n"
            "- Includes the exact phrase 'no strings attached'\n"
            "- Does not mention competitors or other bakeries\n"
            "- Friendly, not salesy tone\n"
            "- Signs off as 'Maya, Crumb & Co'"
        ),
        "facts": ["Crumb & Co", "sourdough subscription", "March 4", "$18/month", "every Friday", "cancel anytime", "no strings attached", "Maya, Crumb & Co"],
        "forbidden": ["competitor", "Lorem ipsum", "[Your Name]", "act now", "limited time only"],
        "acceptable": [
            "a subject line or greeting",
            "the announcement: sourdough subscription starts March 4",
            "the offer details: $18/month, a loaf every Friday, cancel anytime",
            "the phrase 'no strings attached' used naturally",
            "a warm closing line",
            "the sign-off 'Maya, Crumb & Co' as the last line",
        ],
    },
    # ------------------------------------------------------------------ job post
    {
        "id": "wb_job_post_01",
        "genre": "job post",
        "task": (
            "Job post: Senior Backend Engineer at Ledgerly, remote (EU time zones), EUR 85,000-105,000. "
            "Must know Go and PostgreSQL. Under 250 words. No 'rockstar' or 'ninja'."
        ),
        "rubric": (
            "- Title is Senior Backend Engineer at Ledgerly\n"
            "- States remote within EU time zones\n"
            "- Includes the salary range EUR 85,000-105,000\n"
            "- Lists Go and PostgreSQL as requirements\n"
            "- Under 250 words\n"
            "- Does not use 'rockstar' or 'ninja'"
        ),
        "facts": ["Senior Backend Engineer", "Ledgerly", "remote", "EU time zones", "85,000", "105,000", "Go", "PostgreSQL"],
        "forbidden": ["rockstar", "ninja", "guru"],
        "acceptable": [
            "a heading with the role and company",
            "a one- or two-sentence intro to Ledgerly and the team",
            "what you'll do (a few bullets)",
            "requirements including Go and PostgreSQL",
            "location (remote, EU time zones) and the salary range",
            "how to apply",
        ],
    },
    {
        "id": "wb_job_post_02",
        "genre": "job post",
        "task": (
            "we're hiring a part-time barista at Fern Street Coffee, 20 hrs/week, $17/hr plus tips, weekend mornings required. "
            "write a short post for our instagram caption + a line on how to apply (email jobs@fernstreet.coffee). no emojis please"
        ),
        "rubric": (
            "- Says Fern Street Coffee is hiring a part-time barista\n"
            "- Mentions 20 hrs/week and $17/hr plus tips\n"
            "- Says weekend mornings are required\n"
            "- Tells people to apply by emailing jobs@fernstreet.coffee\n"
            "- Short enough for an Instagram caption\n"
            "- No emojis"
        ),
        "facts": ["Fern Street Coffee", "part-time barista", "20 hrs/week", "$17/hr plus tips", "weekend mornings", "jobs@fernstreet.coffee"],
        "forbidden": ["\u2615", "\u2728", "\U0001F389", "\U0001F60A", "\U0001F44B"],
        "acceptable": [
            "a hook line saying they're hiring",
            "role details: part-time barista, 20 hrs/week, $17/hr plus tips",
            "the weekend-mornings requirement",
            "the apply line with jobs@fernstreet.coffee",
            "optionally a few hashtags, no emojis",
        ],
    },
    # ------------------------------------------------------------------ release notes
    {
        "id": "wb_release_notes_01",
        "genre": "release notes",
        "task": (
            "Release notes for Tally 2.4.0. Changes: CSV export now includes a currency column; fixed crash when opening empty workspaces; "
            "dropped support for Windows 7. Use Added / Fixed / Removed headings."
        ),
        "rubric": (
            "- Titled with the version Tally 2.4.0\n"
            "- Has Added, Fixed and Removed headings\n"
            "- CSV currency column is under Added\n"
            "- Empty-workspace crash fix is under Fixed\n"
            "- Windows 7 support removal is under Removed\n"
            "- Does not invent changes that weren't listed"
        ),
        "facts": ["Tally 2.4.0", "CSV export", "currency column", "empty workspaces", "Windows 7", "Added", "Fixed", "Removed"],
        "forbidden": ["Lorem ipsum", "TBD", "Tally 2.4.1"],
        "acceptable": [
            "a title line with Tally 2.4.0",
            "an Added heading with the CSV currency column item",
            "a Fixed heading with the empty-workspace crash item",
            "a Removed heading with the Windows 7 item",
        ],
    },
    {
        "id": "wb_release_notes_02",
        "genre": "release notes",
        "task": (
            "pls write user-facing release notes for Orbit mobile v5.2 (iOS + Android). new: dark mode, offline drafts. "
            "fixes: login loop on Android 14, push notifications arriving twice. keep it under 100 words, plain language, "
            "no internal ticket numbers like ORB-1234."
        ),
        "rubric": (
            "- Mentions Orbit v5.2\n"
            "- Lists dark mode and offline drafts as new\n"
            "- Lists the Android 14 login loop and duplicate push notifications as fixed\n"
            "- Under 100 words\n"
            "- Plain, user-facing language\n"
            "- No internal ticket numbers"
        ),
        "facts": ["Orbit", "v5.2", "dark mode", "offline drafts", "login loop", "Android 14", "push notifications"],
        "forbidden": ["ORB-", "JIRA", "ticket #"],
        "acceptable": [
            "a title with Orbit v5.2",
            "a 'New' section: dark mode, offline drafts",
            "a 'Fixed' section: login loop on Android 14, notifications arriving twice",
            "optionally a one-line thank-you or 'update now' line",
        ],
    },
    # ------------------------------------------------------------------ recipe
    {
        "id": "wb_recipe_01",
        "genre": "recipe",
        "task": (
            "Recipe for a weeknight chickpea curry that serves 4, takes under 30 minutes, and uses a 400g can of coconut milk. "
            "Keep it dairy-free. List ingredients then numbered steps."
        ),
        "rubric": (
            "- Chickpea curry that serves 4\n"
            "- Total time under 30 minutes\n"
            "- Uses a 400g can of coconut milk\n"
            "- Dairy-free (no butter, ghee, yogurt or cream)\n"
            "- Ingredients list comes before numbered steps"
        ),
        "facts": ["chickpea curry", "serves 4", "30 minutes", "400g can of coconut milk"],
        "forbidden": ["butter", "ghee", "yogurt", "yoghurt", "heavy cream", "paneer"],
        "acceptable": [
            "a title",
            "a yield/time line (serves 4, under 30 minutes)",
            "an ingredients list including chickpeas and the 400g can of coconut milk",
            "numbered steps (roughly 4-8)",
        ],
    },
    {
        "id": "wb_recipe_02",
        "genre": "recipe",
        "task": (
            "Write the recipe card for Crumb & Co's brown butter oat cookies: makes 24 cookies, oven at 180\u00b0C (350\u00b0F), bake 11-13 minutes. "
            "Include a 'Make ahead' tip at the end. Don't use the word 'delicious'."
        ),
        "rubric": (
            "- Titled as Crumb & Co's brown butter oat cookies\n"
            "- Makes 24 cookies\n"
            "- Oven temperature 180\u00b0C (350\u00b0F)\n"
            "- Bake time 11-13 minutes\n"
            "- Ends with a 'Make ahead' tip\n"
            "- Does not use the word 'delicious'"
        ),
        "facts": ["Crumb & Co", "brown butter oat cookies", "24 cookies", "180\u00b0C", "350\u00b0F", "11-13 minutes", "Make ahead"],
        "forbidden": ["delicious"],
        "acceptable": [
            "a title naming Crumb & Co and the cookies",
            "a yield line: makes 24 cookies",
            "an ingredients list (including butter to brown and oats)",
            "method steps including browning the butter and baking at 180\u00b0C (350\u00b0F) for 11-13 minutes",
            "a 'Make ahead' tip as the last section",
        ],
    },
    # ------------------------------------------------------------------ cover letter
    {
        "id": "wb_cover_letter_01",
        "genre": "cover letter",
        "task": (
            "Cover letter for the Junior Data Analyst role at Brightwater Health. I have a BSc in Statistics (2023) and 8 months interning "
            "at Halcyon Retail building Tableau dashboards. Start with \"Dear Ms. Alvarez\", keep it to 3 paragraphs, max 300 words."
        ),
        "rubric": (
            "- Starts with \"Dear Ms. Alvarez\"\n"
            "- Applies for the Junior Data Analyst role at Brightwater Health\n"
            "- Mentions the BSc in Statistics (2023)\n"
            "- Mentions the 8-month Halcyon Retail internship building Tableau dashboards\n"
            "- Exactly 3 paragraphs (not counting greeting and sign-off)\n"
            "- At most 300 words"
        ),
        "facts": ["Dear Ms. Alvarez", "Junior Data Analyst", "Brightwater Health", "BSc in Statistics", "2023", "8 months", "Halcyon Retail", "Tableau"],
        "forbidden": ["To whom it may concern", "Dear Hiring Manager", "Dear Sir or Madam", "[Your Name]"],
        "acceptable": [
            "the greeting 'Dear Ms. Alvarez,'",
            "paragraph 1: the role applied for and a one-line why",
            "paragraph 2: BSc in Statistics (2023) and the Halcyon Retail Tableau internship",
            "paragraph 3: closing, interest in an interview",
            "a sign-off (e.g. 'Sincerely,' plus name)",
        ],
    },
    {
        "id": "wb_cover_letter_02",
        "genre": "cover letter",
        "task": "cover letter, product designer at Kite Labs, 5 yrs experience, mention my Figma design system work. no cliches like 'passionate' or 'team player'.",
        "rubric": (
            "- For the product designer role at Kite Labs\n"
            "- Mentions 5 years of experience\n"
            "- Mentions the Figma design system work\n"
            "- Does not use 'passionate' or 'team player'\n"
            "- Has a greeting and a sign-off"
        ),
        "facts": ["product designer", "Kite Labs", "5 yrs", "Figma", "design system"],
        "forbidden": ["passionate", "team player", "go-getter", "think outside the box"],
        "acceptable": [
            "a greeting",
            "an opening naming the product designer role at Kite Labs",
            "a paragraph on 5 years of experience",
            "a concrete paragraph on the Figma design system (what it was, its effect)",
            "a short close and sign-off",
        ],
    },
    # ------------------------------------------------------------------ story opening
    {
        "id": "wb_story_opening_01",
        "genre": "story opening",
        "task": "Write the opening paragraph of a mystery story set in a lighthouse on the Isle of Skye in 1952. Under 150 words. Don't mention the moon. End on a line of dialogue.",
        "rubric": (
            "- Set in a lighthouse on the Isle of Skye\n"
            "- Set in 1952\n"
            "- Establishes a mystery\n"
            "- Under 150 words\n"
            "- Does not mention the moon\n"
            "- Ends on a line of dialogue"
        ),
        "facts": ["lighthouse", "Isle of Skye", "1952"],
        "forbidden": ["moon", "moonlight", "Once upon a time"],
        "acceptable": [
            "a single paragraph",
            "setting: the lighthouse, Skye, 1952 made clear",
            "a hint of something wrong (a missing keeper, a light gone out, a stranger)",
            "a final sentence that is quoted speech",
        ],
    },
    {
        "id": "wb_story_opening_02",
        "genre": "story opening",
        "task": (
            "Opening of a sci-fi short story, second person ('you'), about a cargo pilot named Ines Okafor who wakes up with no memory "
            "of the last 9 hours. 200-250 words, present tense."
        ),
        "rubric": (
            "- Written in second person ('you')\n"
            "- Present tense\n"
            "- The protagonist is cargo pilot Ines Okafor\n"
            "- She has lost the last 9 hours of memory\n"
            "- 200-250 words\n"
            "- Has a sci-fi setting"
        ),
        "facts": ["Ines Okafor", "cargo pilot", "9 hours"],
        "forbidden": ["Once upon a time", "It was a dark and stormy night"],
        "acceptable": [
            "an opening sensory moment of waking ('You wake...')",
            "the name Ines Okafor and her job as a cargo pilot",
            "the realization that 9 hours are missing",
            "a sci-fi detail (ship, cockpit, AI, cargo hold)",
            "a hook at the end",
        ],
    },
    # ------------------------------------------------------------------ tweet thread
    {
        "id": "wb_tweet_thread_01",
        "genre": "tweet thread",
        "task": "Tweet thread (5 tweets, numbered 1/5 etc.) announcing Nimbus 3.1's new end-to-end encryption. Each tweet under 280 characters. Last tweet links to nimbus.app/3-1.",
        "rubric": (
            "- Exactly 5 tweets\n"
            "- Tweets are numbered 1/5 to 5/5\n"
            "- Announces end-to-end encryption in Nimbus 3.1\n"
            "- Each tweet under 280 characters\n"
            "- The last tweet links to nimbus.app/3-1"
        ),
        "facts": ["Nimbus 3.1", "end-to-end encryption", "1/5", "nimbus.app/3-1"],
        "forbidden": ["6/", "1/6", "Lorem ipsum"],
        "acceptable": [
            "1/5: the announcement hook",
            "2/5-4/5: what end-to-end encryption means for users, how to turn it on, what stays the same",
            "5/5: call to action with nimbus.app/3-1",
        ],
    },
    {
        "id": "wb_tweet_thread_02",
        "genre": "tweet thread",
        "task": "thread of 3-4 tweets with beginner tips for a sourdough starter. casual voice, max 2 hashtags total, include #sourdough. don't say 'game changer'.",
        "rubric": (
            "- 3 to 4 tweets\n"
            "- Beginner tips for a sourdough starter\n"
            "- Casual voice\n"
            "- At most 2 hashtags in total, one of them #sourdough\n"
            "- Does not say 'game changer'"
        ),
        "facts": ["#sourdough"],
        "forbidden": ["game changer", "game-changer"],
        "acceptable": [
            "3 or 4 short tweets, clearly separated",
            "practical tips (flour and water ratio, feeding schedule, warm spot, signs it's ready)",
            "#sourdough once, no more than one other hashtag",
        ],
    },
    # ------------------------------------------------------------------ FAQ answer
    {
        "id": "wb_faq_answer_01",
        "genre": "FAQ answer",
        "task": (
            "FAQ answer for Ledgerly: 'Can I change my plan mid-cycle?' Answer: yes, upgrades apply immediately and are prorated; "
            "downgrades take effect at the next billing date. 2-3 sentences. Don't promise refunds."
        ),
        "rubric": (
            "- Answers yes\n"
            "- Says upgrades apply immediately and are prorated\n"
            "- Says downgrades take effect at the next billing date\n"
            "- 2-3 sentences\n"
            "- Does not promise refunds"
        ),
        "facts": ["prorated", "next billing date", "immediately"],
        "forbidden": ["refund", "money back"],
        "acceptable": [
            "a direct 'Yes' at the start",
            "one sentence on upgrades (immediate, prorated)",
            "one sentence on downgrades (next billing date)",
        ],
    },
    {
        "id": "wb_faq_answer_02",
        "genre": "FAQ answer",
        "task": (
            "Write the answer for our help center FAQ 'Do you ship internationally?' - We ship to the US, Canada and the UK only. "
            "Standard shipping is 5-8 business days, express is 2-3 for $14.95. Keep it under 80 words and link to /shipping at the end."
        ),
        "rubric": (
            "- Says shipping is to the US, Canada and the UK only\n"
            "- Standard shipping 5-8 business days\n"
            "- Express 2-3 business days for $14.95\n"
            "- Under 80 words\n"
            "- Ends with a link to /shipping"
        ),
        "facts": ["US", "Canada", "UK", "5-8 business days", "2-3", "$14.95", "/shipping"],
        "forbidden": ["Australia", "worldwide", "all countries"],
        "acceptable": [
            "a direct answer listing the three countries",
            "standard and express times, express price $14.95",
            "a final line pointing to /shipping",
        ],
    },
    # ------------------------------------------------------------------ product description
    {
        "id": "wb_product_description_01",
        "genre": "product description",
        "task": (
            "Product description for the Harbor Desk Lamp: matte black aluminium, 3 brightness levels, USB-C charging, 12-hour battery, $64. "
            "Around 100 words. Do not use the word 'ergonomic'."
        ),
        "rubric": (
            "- Names the Harbor Desk Lamp\n"
            "- Mentions matte black aluminium, 3 brightness levels, USB-C charging and the 12-hour battery\n"
            "- Gives the price $64\n"
            "- Around 100 words (roughly 80-120)\n"
            "- Does not use the word 'ergonomic'"
        ),
        "facts": ["Harbor Desk Lamp", "matte black aluminium", "3 brightness levels", "USB-C", "12-hour battery", "$64"],
        "forbidden": ["ergonomic", "ergonomically"],
        "acceptable": [
            "an opening line naming the Harbor Desk Lamp and its use",
            "the four features woven into prose or a short list",
            "the price $64",
            "a short closing line",
        ],
    },
    {
        "id": "wb_product_description_02",
        "genre": "product description",
        "task": (
            "Write an Etsy-style description for a hand-thrown stoneware mug, 350 ml, glaze color 'Tidepool blue', dishwasher safe but not microwave safe. "
            "Add a 3-bullet 'Care' section. Avoid the phrases 'perfect gift' and 'one of a kind'."
        ),
        "rubric": (
            "- Describes a hand-thrown stoneware mug\n"
            "- Mentions 350 ml and the 'Tidepool blue' glaze\n"
            "- Says dishwasher safe and not microwave safe\n"
            "- Has a 'Care' section with exactly 3 bullets\n"
            "- Avoids 'perfect gift' and 'one of a kind'\n"
            "- Warm, handmade-shop voice"
        ),
        "facts": ["hand-thrown", "stoneware mug", "350 ml", "Tidepool blue", "dishwasher safe", "not microwave safe", "Care"],
        "forbidden": ["perfect gift", "one of a kind", "one-of-a-kind"],
        "acceptable": [
            "one or two descriptive paragraphs (hand-thrown, stoneware, Tidepool blue glaze, 350 ml)",
            "a 'Care' heading",
            "three care bullets including dishwasher safe and not microwave safe",
        ],
    },
    # ------------------------------------------------------------------ meeting minutes
    {
        "id": "wb_meeting_minutes_01",
        "genre": "meeting minutes",
        "task": (
            "Turn these notes into meeting minutes: Product sync 14 May 2024. Attendees: Priya, Tom, Lena. Decided to delay the Tally 2.5 beta to June 3. "
            "Tom to update the roadmap by Friday. Lena owns the customer survey. Open question: pricing for the Teams tier."
        ),
        "rubric": (
            "- Header with meeting name and date (Product sync, 14 May 2024)\n"
            "- Lists attendees Priya, Tom, Lena\n"
            "- Records the decision to delay the Tally 2.5 beta to June 3\n"
            "- Action items: Tom updates the roadmap by Friday; Lena owns the customer survey\n"
            "- Lists the open question on Teams tier pricing\n"
            "- Adds no people or decisions that weren't in the notes"
        ),
        "facts": ["14 May 2024", "Priya", "Tom", "Lena", "Tally 2.5", "June 3", "roadmap", "customer survey", "Teams tier"],
        "forbidden": ["June 30", "Lorem ipsum"],
        "acceptable": [
            "a title/header line with Product sync and 14 May 2024",
            "an Attendees line",
            "a Decisions section",
            "an Action items section with owners",
            "an Open questions section",
        ],
    },
    {
        "id": "wb_meeting_minutes_02",
        "genre": "meeting minutes",
        "task": (
            "Minutes for the Fern Street Coffee staff meeting, Monday 9am. Short. Sections: Attendees, Decisions, Action items (owner + due date). "
            "Notes: everyone present except Sam; new oat milk supplier starts next week; Jo to retrain staff on the espresso machine by Oct 12; holiday hours TBD."
        ),
        "rubric": (
            "- Titled Fern Street Coffee staff meeting, Monday 9am\n"
            "- Has Attendees, Decisions and Action items sections\n"
            "- Notes that Sam was absent\n"
            "- Decision: new oat milk supplier starts next week\n"
            "- Action item with owner and due date: Jo retrains staff on the espresso machine by Oct 12\n"
            "- Holiday hours recorded as still to be decided\n"
            "- Short"
        ),
        "facts": ["Fern Street Coffee", "Monday 9am", "Attendees", "Decisions", "Action items", "Sam", "oat milk supplier", "Jo", "espresso machine", "Oct 12", "holiday hours"],
        "forbidden": ["Lorem ipsum", "Oct 21"],
        "acceptable": [
            "a title with the meeting and time",
            "Attendees: all staff except Sam",
            "Decisions: new oat milk supplier next week",
            "Action items: Jo - retrain staff on espresso machine - Oct 12",
            "a note that holiday hours are TBD (in Decisions or an open-items line)",
        ],
    },
    # ------------------------------------------------------------------ tips list
    {
        "id": "wb_tips_list_01",
        "genre": "tips list",
        "task": "5 tips for staying focused while working from home. Numbered list, one sentence each. Don't mention coffee.",
        "rubric": (
            "- Exactly 5 tips\n"
            "- Numbered list\n"
            "- Each tip is one sentence\n"
            "- About staying focused while working from home\n"
            "- Does not mention coffee"
        ),
        "facts": [],
        "forbidden": ["coffee", "caffeine", "espresso"],
        "acceptable": [
            "optional one-line intro",
            "items 1. to 5., each a single practical sentence (dedicated workspace, time blocks, notifications off, breaks, end-of-day routine)",
        ],
    },
    {
        "id": "wb_tips_list_02",
        "genre": "tips list",
        "task": "Give me three to five bullet points, each one sentence, on how new Ledgerly users can set up their first invoice. Mention the 'Send test invoice' button.",
        "rubric": (
            "- 3 to 5 bullet points\n"
            "- Each bullet is one sentence\n"
            "- About setting up a first invoice in Ledgerly\n"
            "- Mentions the 'Send test invoice' button"
        ),
        "facts": ["Ledgerly", "Send test invoice"],
        "forbidden": ["QuickBooks", "Xero", "Lorem ipsum"],
        "acceptable": [
            "3-5 bullets in a sensible order (add client, add line items, set due date, send a test, send)",
            "one bullet naming the 'Send test invoice' button",
        ],
    },
    # ------------------------------------------------------------------ limerick
    {
        "id": "wb_limerick_01",
        "genre": "limerick",
        "task": "limerick about a cat who learns to use the printer",
        "rubric": (
            "- Five lines\n"
            "- AABBA rhyme scheme\n"
            "- About a cat learning to use a printer\n"
            "- Limerick rhythm (lines 3-4 shorter)\n"
            "- Has a funny final line"
        ),
        "facts": ["cat", "printer"],
        "forbidden": ["Lorem ipsum"],
        "acceptable": [
            "exactly 5 lines",
            "lines 1, 2 and 5 rhyme; lines 3 and 4 rhyme",
            "a cat and a printer, with a punchline in line 5",
        ],
    },
    {
        "id": "wb_limerick_02",
        "genre": "limerick",
        "task": "Write a limerick for Tom's retirement card - he spent 31 years at the Dunmore post office and loves fly fishing. Keep it kind, no jokes about age.",
        "rubric": (
            "- Five lines, AABBA rhyme\n"
            "- For Tom's retirement\n"
            "- Mentions the Dunmore post office (and/or 31 years)\n"
            "- Mentions fly fishing\n"
            "- Kind tone, no jokes about age"
        ),
        "facts": ["Tom", "Dunmore", "post office", "fly fishing"],
        "forbidden": ["old man", "geezer", "over the hill", "wrinkl", "senile"],
        "acceptable": [
            "5 lines with AABBA rhyme",
            "Tom named, the Dunmore post office (31 years if it fits)",
            "a warm punchline about fly fishing in retirement",
        ],
    },
    # ------------------------------------------------------------------ haiku
    {
        "id": "wb_haiku_01",
        "genre": "haiku",
        "task": "Haiku about the first snow in a city. 5-7-5. Don't use the word 'white'.",
        "rubric": (
            "- Three lines\n"
            "- 5-7-5 syllables\n"
            "- About the first snow in a city\n"
            "- Does not use the word 'white'"
        ),
        "facts": ["snow"],
        "forbidden": ["white"],
        "acceptable": [
            "three lines with 5, 7 and 5 syllables",
            "a city image (streetlights, taxis, rooftops) and first snow",
        ],
    },
    {
        "id": "wb_haiku_02",
        "genre": "haiku",
        "task": "write 2 haiku for the Crumb & Co autumn menu card, one about pumpkin bread, one about apple cider. no titles.",
        "rubric": (
            "- Exactly 2 haiku\n"
            "- Each is three lines, roughly 5-7-5\n"
            "- One about pumpkin bread, one about apple cider\n"
            "- Autumn feeling suitable for a menu card\n"
            "- No titles"
        ),
        "facts": ["pumpkin bread", "apple cider"],
        "forbidden": ["Title:", "Haiku 1", "Haiku 2"],
        "acceptable": [
            "two 3-line haiku separated by a blank line",
            "the first mentioning pumpkin bread, the second apple cider",
            "no headings above them",
        ],
    },
    # ------------------------------------------------------------------ Python function with tests
    {
        "id": "wb_python_01",
        "genre": "Python function with tests",
        "task": (
            "Python function `slugify(title: str) -> str` that lowercases, replaces runs of non-alphanumerics with a single hyphen, "
            "and strips leading/trailing hyphens. Include pytest tests, at least 4 cases. Standard library only."
        ),
        "rubric": (
            "- Defines slugify(title: str) -> str\n"
            "- Lowercases the input\n"
            "- Collapses runs of non-alphanumeric characters into one hyphen\n"
            "- Strips leading and trailing hyphens\n"
            "- At least 4 pytest test cases\n"
            "- Uses only the standard library"
        ),
        "facts": ["slugify", "title: str", "-> str", "pytest"],
        "forbidden": ["from slugify", "import slugify", "python-slugify", "unidecode"],
        "acceptable": [
            "a function def slugify(title: str) -> str using re or a loop",
            "test functions named test_* with asserts",
            "cases like 'Hello, World!' -> 'hello-world', leading/trailing punctuation, repeated spaces, empty string",
        ],
    },
    {
        "id": "wb_python_02",
        "genre": "Python function with tests",
        "task": (
            "Write `parse_duration(s)` in Python: takes strings like '1h30m', '45s', '2h' and returns total seconds as an int. "
            "Raise ValueError on bad input. Add unittest tests (not pytest) covering valid and invalid input."
        ),
        "rubric": (
            "- Defines parse_duration(s)\n"
            "- Handles '1h30m', '45s' and '2h'\n"
            "- Returns total seconds as an int\n"
            "- Raises ValueError on bad input\n"
            "- Tests use unittest, not pytest\n"
            "- Tests cover both valid and invalid input"
        ),
        "facts": ["parse_duration", "1h30m", "45s", "2h", "ValueError", "unittest"],
        "forbidden": ["import pytest", "pytest.raises"],
        "acceptable": [
            "def parse_duration(s) returning an int",
            "a ValueError raise for empty or malformed strings",
            "a unittest.TestCase class with assertEqual for 1h30m -> 5400, 45s -> 45, 2h -> 7200",
            "assertRaises(ValueError) cases",
        ],
    },
    # ------------------------------------------------------------------ SQL query
    {
        "id": "wb_sql_01",
        "genre": "SQL query",
        "task": (
            "SQL query: from table orders (id, customer_id, total_cents, created_at) get the top 10 customers by total spend in 2024. "
            "Return customer_id and total_spend in dollars."
        ),
        "rubric": (
            "- Queries the orders table\n"
            "- Filters to orders created in 2024\n"
            "- Groups by customer_id and sums total_cents\n"
            "- Converts to dollars as total_spend\n"
            "- Orders by spend descending and limits to 10\n"
            "- Returns only customer_id and total_spend"
        ),
        "facts": ["orders", "customer_id", "total_cents", "created_at", "2024", "total_spend", "10"],
        "forbidden": ["SELECT *", "customers."],
        "acceptable": [
            "SELECT customer_id, SUM(total_cents) / 100.0 AS total_spend",
            "FROM orders WHERE created_at in 2024 (range or year extraction)",
            "GROUP BY customer_id ORDER BY total_spend DESC LIMIT 10",
        ],
    },
    {
        "id": "wb_sql_02",
        "genre": "SQL query",
        "task": (
            "Postgres. Tables: users(id, email, signup_date) and logins(user_id, logged_in_at). Find users who signed up in the last 30 days "
            "but never logged in. Use a LEFT JOIN, not NOT IN. Return email and signup_date, newest first."
        ),
        "rubric": (
            "- Uses the users and logins tables\n"
            "- Uses a LEFT JOIN on logins.user_id = users.id\n"
            "- Does not use NOT IN\n"
            "- Filters signup_date to the last 30 days\n"
            "- Keeps only users with no login (IS NULL)\n"
            "- Returns email and signup_date ordered newest first"
        ),
        "facts": ["users", "logins", "email", "signup_date", "user_id", "LEFT JOIN", "30 days"],
        "forbidden": ["NOT IN"],
        "acceptable": [
            "SELECT u.email, u.signup_date FROM users u LEFT JOIN logins l ON l.user_id = u.id",
            "WHERE u.signup_date >= now() - interval '30 days' AND l.user_id IS NULL",
            "ORDER BY u.signup_date DESC",
        ],
    },
    # ------------------------------------------------------------------ JSON config
    {
        "id": "wb_json_config_01",
        "genre": "JSON config",
        "task": (
            "JSON config for our worker service: keys \"service_name\" (string, \"invoice-worker\"), \"concurrency\" (int, 8), "
            "\"retry\" (object with \"max_attempts\" int 5 and \"backoff_ms\" int 250), \"enabled\" (bool true). JSON only, no comments."
        ),
        "rubric": (
            "- Valid JSON only, no comments or prose\n"
            "- \"service_name\" is the string \"invoice-worker\"\n"
            "- \"concurrency\" is the integer 8\n"
            "- \"retry\" is an object with \"max_attempts\": 5 and \"backoff_ms\": 250 as integers\n"
            "- \"enabled\" is boolean true"
        ),
        "facts": ["service_name", "invoice-worker", "concurrency", "retry", "max_attempts", "backoff_ms", "250", "enabled"],
        "forbidden": ["//", "/*", "\"8\"", "\"true\""],
        "acceptable": [
            "a single JSON object with exactly these four top-level keys",
            "a nested retry object",
            "numbers and booleans unquoted",
        ],
    },
    {
        "id": "wb_json_config_02",
        "genre": "JSON config",
        "task": (
            "Need a JSON feature-flag file for Orbit v5.2: dark_mode on, offline_drafts on for 25% rollout, legacy_sync off. "
            "each flag should have enabled (bool) and rollout_percent (int 0-100)."
        ),
        "rubric": (
            "- Valid JSON\n"
            "- Has flags dark_mode, offline_drafts and legacy_sync\n"
            "- Each flag has enabled (boolean) and rollout_percent (integer 0-100)\n"
            "- dark_mode enabled, offline_drafts enabled at 25, legacy_sync disabled\n"
            "- Numbers and booleans are not quoted strings"
        ),
        "facts": ["dark_mode", "offline_drafts", "25", "legacy_sync", "enabled", "rollout_percent"],
        "forbidden": ["\"25%\"", "\"true\"", "\"false\"", "//"],
        "acceptable": [
            "a JSON object keyed by flag name (optionally wrapped in a 'flags' key, optionally a version field for v5.2)",
            "dark_mode: enabled true, rollout_percent 100",
            "offline_drafts: enabled true, rollout_percent 25",
            "legacy_sync: enabled false, rollout_percent 0",
        ],
    },
    # ------------------------------------------------------------------ LinkedIn post
    {
        "id": "wb_linkedin_01",
        "genre": "LinkedIn post",
        "task": "LinkedIn post celebrating Ledgerly reaching 10,000 customers. Thank the team, under 150 words, max 3 hashtags, no emojis.",
        "rubric": (
            "- Celebrates Ledgerly reaching 10,000 customers\n"
            "- Thanks the team\n"
            "- Under 150 words\n"
            "- At most 3 hashtags\n"
            "- No emojis"
        ),
        "facts": ["Ledgerly", "10,000 customers"],
        "forbidden": ["\U0001F389", "\U0001F680", "\U0001F64F", "\u2764"],
        "acceptable": [
            "a hook line with the 10,000 customers milestone",
            "a short reflection (how it started, what customers use it for)",
            "an explicit thank-you to the team",
            "up to 3 hashtags on the last line",
        ],
    },
    {
        "id": "wb_linkedin_02",
        "genre": "LinkedIn post",
        "task": (
            "Write a LinkedIn post for me (Dana Reyes) announcing I'm starting as Head of Design at Kite Labs on September 2. "
            "Humble tone, mention I'm grateful to my old team at Northwind, end with a question inviting people to share their favorite design books."
        ),
        "rubric": (
            "- First person, announcing Dana's new role as Head of Design at Kite Labs\n"
            "- Gives the start date September 2\n"
            "- Thanks the old team at Northwind\n"
            "- Humble tone\n"
            "- Ends with a question asking for favorite design books"
        ),
        "facts": ["Head of Design", "Kite Labs", "September 2", "Northwind"],
        "forbidden": ["Lorem ipsum", "[Name]"],
        "acceptable": [
            "an opening announcing the new role and start date",
            "a grateful paragraph about the Northwind team",
            "a line on what she's looking forward to at Kite Labs",
            "a closing question asking for favorite design books",
        ],
    },
    # ------------------------------------------------------------------ landing-page hero
    {
        "id": "wb_landing_hero_01",
        "genre": "landing-page hero",
        "task": (
            "Landing page hero for Nimbus 3.1: headline (max 8 words), subheadline (one sentence), and a CTA button label. "
            "Include the phrase 'no strings attached' somewhere - it's about the 14-day free trial."
        ),
        "rubric": (
            "- Has a headline, a subheadline and a CTA button label\n"
            "- Headline is at most 8 words\n"
            "- Subheadline is one sentence\n"
            "- Mentions Nimbus 3.1 and the 14-day free trial\n"
            "- Includes the phrase 'no strings attached'"
        ),
        "facts": ["Nimbus 3.1", "no strings attached", "14-day free trial"],
        "forbidden": ["Lorem ipsum", "Click here"],
        "acceptable": [
            "Headline: a short benefit line (8 words or fewer)",
            "Subheadline: one sentence with the 14-day free trial and 'no strings attached'",
            "Button: a short action label such as 'Start your free trial'",
        ],
    },
    {
        "id": "wb_landing_hero_02",
        "genre": "landing-page hero",
        "task": "hero section copy for Harbor Desk Lamp site. headline + 1 line sub + button. button text must be 'Shop the lamp'. don't mention price.",
        "rubric": (
            "- Has a headline, a one-line subheadline and a button\n"
            "- About the Harbor Desk Lamp\n"
            "- Button text is exactly 'Shop the lamp'\n"
            "- Does not mention the price"
        ),
        "facts": ["Harbor Desk Lamp", "Shop the lamp"],
        "forbidden": ["$", "price", "USD"],
        "acceptable": [
            "Headline: a short line about light/desk",
            "Sub: one line naming the Harbor Desk Lamp and a benefit",
            "Button: Shop the lamp",
        ],
    },
    # ------------------------------------------------------------------ event invitation
    {
        "id": "wb_event_invitation_01",
        "genre": "event invitation",
        "task": (
            "Invitation to Crumb & Co's 5th birthday party: Saturday, June 8, 2-5pm at 42 Mill Lane. Free cake, live music. "
            "RSVP by June 1 to hello@crumbandco.com. Under 100 words."
        ),
        "rubric": (
            "- Invites people to Crumb & Co's 5th birthday party\n"
            "- Gives Saturday, June 8, 2-5pm at 42 Mill Lane\n"
            "- Mentions free cake and live music\n"
            "- Asks to RSVP by June 1 to hello@crumbandco.com\n"
            "- Under 100 words"
        ),
        "facts": ["Crumb & Co", "5th birthday", "Saturday, June 8", "2-5pm", "42 Mill Lane", "free cake", "live music", "June 1", "hello@crumbandco.com"],
        "forbidden": ["Lorem ipsum", "June 18", "Sunday"],
        "acceptable": [
            "a warm invite line",
            "when and where: Saturday, June 8, 2-5pm, 42 Mill Lane",
            "what's on: free cake, live music",
            "RSVP line: by June 1 to hello@crumbandco.com",
        ],
    },
    {
        "id": "wb_event_invitation_02",
        "genre": "event invitation",
        "task": (
            "Invite for an internal Ledgerly hack day, Thursday 17 October, 10:00-18:00, 3rd floor. Teams of up to 4. Lunch provided. "
            "Casual tone. End with 'See you there!'"
        ),
        "rubric": (
            "- Invites staff to the Ledgerly hack day\n"
            "- Gives Thursday 17 October, 10:00-18:00, 3rd floor\n"
            "- Says teams are up to 4 people\n"
            "- Says lunch is provided\n"
            "- Casual tone\n"
            "- Ends with 'See you there!'"
        ),
        "facts": ["Ledgerly", "hack day", "Thursday 17 October", "10:00-18:00", "3rd floor", "up to 4", "Lunch provided"],
        "forbidden": ["Friday", "Lorem ipsum"],
        "acceptable": [
            "a casual opening (subject line or greeting)",
            "date, time and place",
            "team size up to 4 and lunch provided",
            "the final line 'See you there!'",
        ],
    },
    # ------------------------------------------------------------------ customer support reply
    {
        "id": "wb_support_reply_01",
        "genre": "customer support reply",
        "task": (
            "Customer support reply. Customer (Mr. Chen) says he was charged twice for his March Nimbus subscription ($9.99). "
            "We've refunded the duplicate charge; it takes 5-10 business days to appear. Apologize once, no blame, sign off as 'Ana, Nimbus Support'."
        ),
        "rubric": (
            "- Addresses Mr. Chen\n"
            "- Acknowledges the duplicate $9.99 charge for March\n"
            "- Confirms the duplicate was refunded and takes 5-10 business days to appear\n"
            "- Apologizes exactly once\n"
            "- Does not blame the customer\n"
            "- Signs off as 'Ana, Nimbus Support'"
        ),
        "facts": ["Mr. Chen", "March", "$9.99", "5-10 business days", "Ana, Nimbus Support"],
        "forbidden": ["your fault", "you should have", "you must have"],
        "acceptable": [
            "greeting 'Hi Mr. Chen,' or 'Dear Mr. Chen,'",
            "one apology for the double charge",
            "the refund confirmation and the 5-10 business day timing",
            "an offer of further help",
            "sign-off 'Ana, Nimbus Support'",
        ],
    },
    {
        "id": "wb_support_reply_02",
        "genre": "customer support reply",
        "task": (
            "reply to a customer whose Harbor Desk Lamp arrived with a cracked base. offer a free replacement or full refund, their choice. "
            "ask for a photo of the damage. don't ask them to return the broken lamp. keep it short."
        ),
        "rubric": (
            "- Acknowledges the cracked base on the Harbor Desk Lamp\n"
            "- Offers a free replacement or a full refund, customer's choice\n"
            "- Asks for a photo of the damage\n"
            "- Does not ask them to return the broken lamp\n"
            "- Short"
        ),
        "facts": ["Harbor Desk Lamp", "cracked base", "free replacement", "full refund", "photo"],
        "forbidden": ["return label", "return shipping label", "please return the lamp", "please send it back"],
        "acceptable": [
            "a greeting and short apology",
            "the two options: free replacement or full refund",
            "a request for a photo of the cracked base",
            "optionally 'no need to send it back'",
            "a sign-off",
        ],
    },
]
