"""Held-out cases for the rubric drafter (writer_b).

CASES: 40 tasks, each stating 1-6 constraints in natural ways.
  id, task
  constraints: one dict per constraint the task states:
      text     the constraint in plain words
      kind     include | exclude | count | length | start | end | format | quality | other
      negated  True when the task states it as a negation (don't / no / never / avoid / not)
      quoted   the exact quoted phrase (in '...', "..." or `...`) if the constraint has one, else ""
  must_not_propose: wrong criteria a careless drafter might propose
  conflicts: pairs [constraint text, constraint text] (texts as in `constraints`)
             that look at the same place and could fight; [] if none

NOTES: 15 rubric-amendment cases: id, task, rubric, note, expected.
"""


def C(text, kind, negated=False, quoted=""):
    return {"text": text, "kind": kind, "negated": negated, "quoted": quoted}


CASES: list[dict] = [
    {
        "id": "db_01",
        "task": "Write a product description for the Aero office chair. Do not use the word \"ergonomic\". Keep it under 120 words.",
        "constraints": [
            C("Does not use the word 'ergonomic'", "exclude", True, "ergonomic"),
            C("Under 120 words", "length"),
        ],
        "must_not_propose": [
            "Uses the word 'ergonomic'",
            "Highlights the chair's ergonomic design",
            "At least 120 words",
            "Exactly 120 words",
            "Under 120 characters",
        ],
        "conflicts": [],
    },
    {
        "id": "db_02",
        "task": "short story opening about a night fisherman on a lake. don't mention the moon.",
        "constraints": [
            C("Does not mention the moon", "exclude", True, ""),
        ],
        "must_not_propose": [
            "Mentions the moon",
            "Describes the moon over the lake",
            "Uses moonlight for atmosphere",
        ],
        "conflicts": [],
    },
    {
        "id": "db_03",
        "task": "Cover letter for a paralegal position at Whitford & Lane. Start with \"Dear Ms. Alvarez\" and sign off with \"Sincerely, Jordan Lee\". Three paragraphs.",
        "constraints": [
            C("Starts with \"Dear Ms. Alvarez\"", "start", False, "Dear Ms. Alvarez"),
            C("Ends with the sign-off \"Sincerely, Jordan Lee\"", "end", False, "Sincerely, Jordan Lee"),
            C("Three paragraphs", "count"),
        ],
        "must_not_propose": [
            "Mentions Dear Ms",
            "Starts with 'Dear Ms.'",
            "Starts with 'Dear Hiring Manager'",
            "Ends with 'Sincerely'",
            "Mentions Jordan",
            "Exactly 1 paragraph",
            "Three sentences",
        ],
        "conflicts": [],
    },
    {
        "id": "db_04",
        "task": "Give me three to five bullet points, each one sentence, on why regular backups matter.",
        "constraints": [
            C("Three to five bullet points", "count"),
            C("Each bullet point is one sentence", "length"),
        ],
        "must_not_propose": [
            "Exactly 1 sentence",
            "Exactly 3 bullet points",
            "Exactly 5 bullet points",
            "At least 5 bullet points",
            "Each bullet point is three to five sentences",
        ],
        "conflicts": [],
    },
    {
        "id": "db_05",
        "task": "Launch email for Nimbus 3.1. Under 120 words, mention the 20% discount and end with a question.",
        "constraints": [
            C("Names Nimbus 3.1", "include"),
            C("Under 120 words", "length"),
            C("Mentions the 20% discount", "include"),
            C("Ends with a question", "end"),
        ],
        "must_not_propose": [
            "Mentions Nimbus 3",
            "Mentions a 20 discount",
            "Mentions a 120% discount",
            "Starts with a question",
            "At least 120 words",
            "Ends with a sign-off",
        ],
        "conflicts": [],
    },
    {
        "id": "db_06",
        "task": "Email to customers about our new pricing. End with a question asking what they think, and sign off with 'Cheers, the Ledgerly team'.",
        "constraints": [
            C("Ends with a question asking what they think", "end"),
            C("Signs off with 'Cheers, the Ledgerly team'", "end", False, "Cheers, the Ledgerly team"),
        ],
        "must_not_propose": [
            "Signs off with 'Cheers'",
            "Mentions the Ledgerly team",
            "Starts with a question",
            "Does not ask any questions",
        ],
        "conflicts": [
            ["Ends with a question asking what they think", "Signs off with 'Cheers, the Ledgerly team'"],
        ],
    },
    {
        "id": "db_07",
        "task": "Write a SQL query against the table `orders` (columns: id, customer_id, total_cents, created_at) that returns monthly revenue for 2024. Don't use subqueries.",
        "constraints": [
            C("Queries the `orders` table", "include", False, "orders"),
            C("Uses the columns customer_id, total_cents, created_at as given", "format"),
            C("Returns monthly revenue for 2024", "other"),
            C("Does not use subqueries", "exclude", True, ""),
        ],
        "must_not_propose": [
            "Uses a subquery",
            "Queries the customers table",
            "Uses a table named 'order'",
            "Returns yearly revenue",
            "Returns revenue for 2023",
        ],
        "conflicts": [],
    },
    {
        "id": "db_08",
        "task": "Produce a JSON object with keys \"name\" (string), \"retries\" (integer), and \"tags\" (array of strings). No other keys.",
        "constraints": [
            C("Output is a JSON object", "format"),
            C("Has key \"name\" as a string", "include", False, "name"),
            C("Has key \"retries\" as an integer", "include", False, "retries"),
            C("Has key \"tags\" as an array of strings", "include", False, "tags"),
            C("No keys other than name, retries and tags", "exclude", True, ""),
        ],
        "must_not_propose": [
            "Includes a 'version' key",
            "retries is a string",
            "tags is a comma-separated string",
            "Has at least one extra key",
            "Uses YAML",
        ],
        "conflicts": [],
    },
    {
        "id": "db_09",
        "task": "Write a Python function `is_palindrome(s)` that ignores case and punctuation, with at least three pytest tests.",
        "constraints": [
            C("Defines a function named `is_palindrome(s)`", "include", False, "is_palindrome(s)"),
            C("Ignores case and punctuation", "other"),
            C("At least three tests", "count"),
            C("Tests use pytest", "format"),
        ],
        "must_not_propose": [
            "Function is named palindrome",
            "Function is named isPalindrome",
            "Exactly three tests",
            "Tests use unittest",
            "Case-sensitive comparison",
        ],
        "conflicts": [],
    },
    {
        "id": "db_10",
        "task": "A haiku about autumn rain, 5-7-5 syllables, no title, and don't use the word 'leaves'.",
        "constraints": [
            C("About autumn rain", "other"),
            C("5-7-5 syllables", "format"),
            C("No title", "exclude", True, ""),
            C("Does not use the word 'leaves'", "exclude", True, "leaves"),
        ],
        "must_not_propose": [
            "Has a title",
            "Uses the word 'leaves'",
            "Mentions falling leaves",
            "Exactly 5 lines",
            "7-5-7 syllables",
        ],
        "conflicts": [],
    },
    {
        "id": "db_11",
        "task": "limerick about a forgetful wizard. keep it clean",
        "constraints": [
            C("Is a limerick (five lines, AABBA rhyme)", "format"),
            C("About a forgetful wizard", "other"),
            C("Clean, no crude humor", "quality"),
        ],
        "must_not_propose": [
            "Exactly 4 lines",
            "Rhymes AABB",
            "Includes crude humor",
            "Mentions a witch",
        ],
        "conflicts": [],
    },
    {
        "id": "db_12",
        "task": "Tweet announcing our bakery's new rye loaf. Under 280 characters, include #CrumbAndCo, no more than one emoji.",
        "constraints": [
            C("Announces the new rye loaf", "other"),
            C("Under 280 characters", "length"),
            C("Includes the hashtag #CrumbAndCo", "include"),
            C("At most one emoji", "count"),
        ],
        "must_not_propose": [
            "Under 280 words",
            "Includes at least one emoji",
            "Exactly one emoji",
            "Includes #Crumb",
            "No hashtags",
        ],
        "conflicts": [],
    },
    {
        "id": "db_13",
        "task": "Meeting minutes from these notes. Use the headings \"Decisions\" and \"Action items\". Each action item needs an owner and a due date.",
        "constraints": [
            C("Has a heading \"Decisions\"", "format", False, "Decisions"),
            C("Has a heading \"Action items\"", "format", False, "Action items"),
            C("Each action item has an owner and a due date", "other"),
        ],
        "must_not_propose": [
            "Uses the heading 'Decision'",
            "Mentions Action",
            "Each action item has an owner or a due date",
            "Exactly one action item",
        ],
        "conflicts": [],
    },
    {
        "id": "db_14",
        "task": "Job post for a warehouse associate at Parcelpoint, $19/hour, night shifts. Don't use the words 'rockstar' or 'ninja'. Under 200 words.",
        "constraints": [
            C("Mentions the pay $19/hour", "include"),
            C("Mentions night shifts", "include"),
            C("Does not use the word 'rockstar'", "exclude", True, "rockstar"),
            C("Does not use the word 'ninja'", "exclude", True, "ninja"),
            C("Under 200 words", "length"),
        ],
        "must_not_propose": [
            "Uses the word 'rockstar'",
            "Uses the word 'ninja'",
            "Mentions $19",
            "Mentions day shifts",
            "Under 200 characters",
        ],
        "conflicts": [],
    },
    {
        "id": "db_15",
        "task": "Release notes for Tally 2.4.0 with sections Added, Fixed and Removed. Don't mention internal ticket numbers.",
        "constraints": [
            C("Names the version Tally 2.4.0", "include"),
            C("Has sections Added, Fixed and Removed", "format"),
            C("Does not mention internal ticket numbers", "exclude", True, ""),
        ],
        "must_not_propose": [
            "Mentions Tally 2.4",
            "Includes ticket numbers",
            "Has only an Added section",
            "Includes a Deprecated section",
        ],
        "conflicts": [],
    },
    {
        "id": "db_16",
        "task": "Recipe for banana bread, serves 8, no nuts, metric measurements only.",
        "constraints": [
            C("Serves 8", "include"),
            C("No nuts", "exclude", True, ""),
            C("Metric measurements only", "format"),
        ],
        "must_not_propose": [
            "Includes walnuts",
            "Serves 4",
            "Uses cups and ounces",
            "Makes 8 loaves",
        ],
        "conflicts": [],
    },
    {
        "id": "db_17",
        "task": "Answer the FAQ 'How do I reset my password?' in 2-3 sentences and end by linking to /account/reset.",
        "constraints": [
            C("Answers the question 'How do I reset my password?'", "other", False, "How do I reset my password?"),
            C("2-3 sentences", "count"),
            C("Ends with a link to /account/reset", "end"),
        ],
        "must_not_propose": [
            "Exactly 1 sentence",
            "Starts with a link to /account/reset",
            "Mentions How do I",
            "Ends with a question",
            "Links to /reset",
        ],
        "conflicts": [],
    },
    {
        "id": "db_18",
        "task": "LinkedIn post about our team hitting 1,000 customers. Max 3 hashtags, no emojis, end with a question.",
        "constraints": [
            C("Celebrates hitting 1,000 customers", "include"),
            C("At most 3 hashtags", "count"),
            C("No emojis", "exclude", True, ""),
            C("Ends with a question", "end"),
        ],
        "must_not_propose": [
            "Includes at least 3 hashtags",
            "Uses emojis",
            "Mentions 100 customers",
            "Starts with a question",
        ],
        "conflicts": [],
    },
    {
        "id": "db_19",
        "task": "Hero section for Nimbus: headline of at most 8 words, a one-sentence subheadline, and a button that says \"Start free trial\". Include the phrase \"no strings attached\".",
        "constraints": [
            C("Headline of at most 8 words", "length"),
            C("Subheadline is one sentence", "count"),
            C("Button says \"Start free trial\"", "include", False, "Start free trial"),
            C("Includes the phrase \"no strings attached\"", "include", False, "no strings attached"),
        ],
        "must_not_propose": [
            "Button says 'Start'",
            "Mentions strings",
            "Headline of at least 8 words",
            "Exactly 1 sentence (whole hero)",
            "Button says 'Start your free trial today'",
        ],
        "conflicts": [],
    },
    {
        "id": "db_20",
        "task": "Invite for the garden party on Saturday, June 8 at 42 Mill Lane, 2-5pm. Ask people to RSVP by June 1. Don't mention the dress code.",
        "constraints": [
            C("Gives the date Saturday, June 8", "include"),
            C("Gives the address 42 Mill Lane", "include"),
            C("Gives the time 2-5pm", "include"),
            C("Asks people to RSVP by June 1", "include"),
            C("Does not mention the dress code", "exclude", True, ""),
        ],
        "must_not_propose": [
            "Mentions a dress code",
            "RSVP by June 8",
            "Mentions June",
            "Party on June 1",
            "Mentions 42 Mill",
        ],
        "conflicts": [],
    },
    {
        "id": "db_21",
        "task": "Reply to a customer who was double-charged. Apologize once, don't blame the customer, and sign off with \"Ana, Nimbus Support\".",
        "constraints": [
            C("Apologizes exactly once", "count"),
            C("Does not blame the customer", "exclude", True, ""),
            C("Signs off with \"Ana, Nimbus Support\"", "end", False, "Ana, Nimbus Support"),
        ],
        "must_not_propose": [
            "Apologizes at least twice",
            "Blames the customer",
            "Signs off as 'Ana'",
            "Mentions Nimbus",
            "Does not apologize",
        ],
        "conflicts": [],
    },
    {
        "id": "db_22",
        "task": "Write a cheerful product description for a yellow rain jacket. Keep it under 80 words and don't mention the price.",
        "constraints": [
            C("Cheerful tone", "quality"),
            C("Under 80 words", "length"),
            C("Does not mention the price", "exclude", True, ""),
        ],
        "must_not_propose": [
            "Mentions the price",
            "At least 80 words",
            "Serious, formal tone",
            "Mentions the price under $80",
        ],
        "conflicts": [],
    },
    {
        "id": "db_23",
        "task": "Tips list: exactly 7 tips for new runners, numbered, each under 20 words.",
        "constraints": [
            C("Exactly 7 tips", "count"),
            C("Numbered list", "format"),
            C("Each tip under 20 words", "length"),
        ],
        "must_not_propose": [
            "Exactly 20 tips",
            "Each tip under 7 words",
            "Bulleted, not numbered",
            "At least 7 tips",
            "Under 20 words in total",
        ],
        "conflicts": [],
    },
    {
        "id": "db_24",
        "task": "Write `parse_duration(s: str) -> int` that converts strings like '1h30m' to seconds. Raise ValueError on invalid input. Don't use regular expressions.",
        "constraints": [
            C("Defines `parse_duration(s: str) -> int`", "include", False, "parse_duration(s: str) -> int"),
            C("Converts strings like '1h30m' to seconds", "other", False, "1h30m"),
            C("Raises ValueError on invalid input", "other"),
            C("Does not use regular expressions", "exclude", True, ""),
        ],
        "must_not_propose": [
            "Uses the re module",
            "Returns minutes",
            "Function named parse",
            "Returns None on invalid input",
            "Returns a string",
        ],
        "conflicts": [],
    },
    {
        "id": "db_25",
        "task": "Postgres query: users who signed up in the last 30 days but never logged in. Tables users(id, email, signup_date), logins(user_id, logged_in_at). Use a LEFT JOIN, not NOT IN. Order by signup_date descending.",
        "constraints": [
            C("Finds users who signed up in the last 30 days and never logged in", "other"),
            C("Uses the tables users and logins with the given columns", "format"),
            C("Uses a LEFT JOIN", "format"),
            C("Does not use NOT IN", "exclude", True, ""),
            C("Orders by signup_date descending", "other"),
        ],
        "must_not_propose": [
            "Uses NOT IN",
            "Orders by signup_date ascending",
            "Uses an INNER JOIN",
            "Users who logged in during the last 30 days",
            "Queries a sessions table",
        ],
        "conflicts": [],
    },
    {
        "id": "db_26",
        "task": "Config JSON with \"timeout_ms\" as an integer (not a string), \"debug\" as a boolean, and \"hosts\" as a list of at least 2 strings. Output only the JSON.",
        "constraints": [
            C("\"timeout_ms\" is an integer, not a string", "format", False, "timeout_ms"),
            C("\"debug\" is a boolean", "format", False, "debug"),
            C("\"hosts\" is a list of at least 2 strings", "count", False, "hosts"),
            C("Outputs only the JSON", "format"),
        ],
        "must_not_propose": [
            "timeout_ms is a string",
            "hosts has exactly 1 entry",
            "hosts has exactly 2 entries",
            "Includes an explanation before the JSON",
            "debug is the string 'true'",
        ],
        "conflicts": [],
    },
    {
        "id": "db_27",
        "task": "Email to the team about Friday's office closure. Start with \"Hi all,\" and end with \"Thanks, Priya\". Mention that the office reopens Monday, March 10.",
        "constraints": [
            C("Starts with \"Hi all,\"", "start", False, "Hi all,"),
            C("Ends with \"Thanks, Priya\"", "end", False, "Thanks, Priya"),
            C("Mentions the office reopens Monday, March 10", "include"),
        ],
        "must_not_propose": [
            "Starts with 'Dear team'",
            "Ends with a question",
            "Ends with 'Thanks'",
            "Mentions Monday",
            "Reopens Friday, March 10",
        ],
        "conflicts": [],
    },
    {
        "id": "db_28",
        "task": "Write a two-sentence bio for Dr. Hana Ito. Don't mention her age and don't use the phrase 'world-renowned'.",
        "constraints": [
            C("Two sentences", "count"),
            C("Does not mention her age", "exclude", True, ""),
            C("Does not use the phrase 'world-renowned'", "exclude", True, "world-renowned"),
        ],
        "must_not_propose": [
            "Mentions her age",
            "Describes her as world-renowned",
            "Exactly 1 sentence",
            "Mentions Dr. Hana",
            "Two paragraphs",
        ],
        "conflicts": [],
    },
    {
        "id": "db_29",
        "task": "Opening paragraph of a ghost story in a lighthouse. Under 150 words, end on a line of dialogue, and never mention the moon.",
        "constraints": [
            C("Single opening paragraph", "count"),
            C("Under 150 words", "length"),
            C("Ends on a line of dialogue", "end"),
            C("Never mentions the moon", "exclude", True, ""),
        ],
        "must_not_propose": [
            "Mentions the moon",
            "Starts with dialogue",
            "At least 150 words",
            "Contains no dialogue",
        ],
        "conflicts": [],
    },
    {
        "id": "db_30",
        "task": "Write a tweet under 140 characters announcing the Orbit v5.2 update. It must list all 6 new features: dark mode, offline drafts, widgets, pinned chats, voice notes, and read receipts.",
        "constraints": [
            C("Under 140 characters", "length"),
            C("Announces the Orbit v5.2 update", "include"),
            C("Lists all 6 new features: dark mode, offline drafts, widgets, pinned chats, voice notes, read receipts", "count"),
        ],
        "must_not_propose": [
            "Under 140 words",
            "Lists at least 3 features",
            "Mentions Orbit v5",
            "Under 280 characters",
        ],
        "conflicts": [
            ["Under 140 characters", "Lists all 6 new features: dark mode, offline drafts, widgets, pinned chats, voice notes, read receipts"],
        ],
    },
    {
        "id": "db_31",
        "task": "Write a haiku (5-7-5) that includes the phrase 'quarterly revenue growth exceeded expectations'.",
        "constraints": [
            C("5-7-5 syllables", "format"),
            C("Includes the phrase 'quarterly revenue growth exceeded expectations'", "include", False, "quarterly revenue growth exceeded expectations"),
        ],
        "must_not_propose": [
            "Mentions quarterly revenue",
            "Includes the phrase 'revenue growth'",
            "Exactly 5 lines",
        ],
        "conflicts": [
            ["5-7-5 syllables", "Includes the phrase 'quarterly revenue growth exceeded expectations'"],
        ],
    },
    {
        "id": "db_32",
        "task": "Support reply about a delayed order. End with a question asking if there's anything else we can help with, and close with the sign-off 'Best, Marco'.",
        "constraints": [
            C("About a delayed order", "other"),
            C("Ends with a question asking if there's anything else we can help with", "end"),
            C("Closes with the sign-off 'Best, Marco'", "end", False, "Best, Marco"),
        ],
        "must_not_propose": [
            "Signs off with 'Best'",
            "Mentions Marco",
            "Starts with a question",
            "Does not ask any questions",
        ],
        "conflicts": [
            ["Ends with a question asking if there's anything else we can help with", "Closes with the sign-off 'Best, Marco'"],
        ],
    },
    {
        "id": "db_33",
        "task": "Short motivational message that starts with \"Good morning, team!\" and is no longer than two sentences. Don't use exclamation marks anywhere else.",
        "constraints": [
            C("Starts with \"Good morning, team!\"", "start", False, "Good morning, team!"),
            C("No longer than two sentences", "count"),
            C("No exclamation marks other than the one in the opening", "exclude", True, ""),
        ],
        "must_not_propose": [
            "Contains no exclamation marks at all",
            "Starts with 'Good morning'",
            "Exactly 1 sentence",
            "At least two sentences",
            "Ends with an exclamation mark",
        ],
        "conflicts": [
            ["Starts with \"Good morning, team!\"", "No exclamation marks other than the one in the opening"],
        ],
    },
    {
        "id": "db_34",
        "task": "Recipe for 12 pancakes. List ingredients first, then numbered steps. Don't use the word 'fluffy'. Include a 'Tip:' line at the end.",
        "constraints": [
            C("Makes 12 pancakes", "include"),
            C("Ingredients listed first, then numbered steps", "format"),
            C("Does not use the word 'fluffy'", "exclude", True, "fluffy"),
            C("Ends with a 'Tip:' line", "end", False, "Tip:"),
        ],
        "must_not_propose": [
            "Uses the word 'fluffy'",
            "Serves 12 people",
            "Starts with a tip",
            "Steps before ingredients",
            "Mentions Tip",
        ],
        "conflicts": [],
    },
    {
        "id": "db_35",
        "task": "Announcement for the Harbor Desk Lamp restock: back in stock on April 15 at $64 (was $79). Mention free shipping over $50. Under 100 words, and end with 'Shop now'.",
        "constraints": [
            C("Back in stock on April 15", "include"),
            C("Price is $64", "include"),
            C("Mentions the old price was $79", "include"),
            C("Mentions free shipping over $50", "include"),
            C("Under 100 words", "length"),
            C("Ends with 'Shop now'", "end", False, "Shop now"),
        ],
        "must_not_propose": [
            "Says the lamp costs $79",
            "Says the lamp costs $50",
            "Free shipping on all orders",
            "Back in stock on April 5",
            "Starts with 'Shop now'",
            "Under 100 characters",
        ],
        "conflicts": [],
    },
    {
        "id": "db_36",
        "task": "write a limerick about a sleepy dog",
        "constraints": [
            C("Is a limerick (five lines, AABBA rhyme)", "format"),
        ],
        "must_not_propose": [
            "Exactly 3 lines",
            "Rhymes AABB",
            "Mentions a cat",
            "5-7-5 syllables",
        ],
        "conflicts": [],
    },
    {
        "id": "db_37",
        "task": "Product description for a merino wool scarf. Avoid the words 'cozy', 'snug', and 'perfect gift'. 60-80 words.",
        "constraints": [
            C("Does not use the word 'cozy'", "exclude", True, "cozy"),
            C("Does not use the word 'snug'", "exclude", True, "snug"),
            C("Does not use the phrase 'perfect gift'", "exclude", True, "perfect gift"),
            C("60-80 words", "length"),
        ],
        "must_not_propose": [
            "Uses the word 'cozy'",
            "Describes the scarf as snug",
            "Mentions perfect",
            "Exactly 60 words",
            "Under 60 words",
            "Positions it as the perfect gift",
        ],
        "conflicts": [],
    },
    {
        "id": "db_38",
        "task": "Write minutes for the budget review. Don't include attendee names - refer to people by role. Keep it to one page (under 400 words). Bullet points only, no paragraphs.",
        "constraints": [
            C("Does not include attendee names", "exclude", True, ""),
            C("Refers to people by role", "other"),
            C("Under 400 words (one page)", "length"),
            C("Bullet points only, no paragraphs", "format", False, ""),
        ],
        "must_not_propose": [
            "Lists attendees by name",
            "At least 400 words",
            "Includes a summary paragraph",
            "Exactly one bullet point",
        ],
        "conflicts": [],
    },
    {
        "id": "db_39",
        "task": "FAQ answer for 'Can I cancel anytime?' - yes, no fees, access continues until the end of the billing period. Plain language, under 60 words, don't say 'unfortunately'.",
        "constraints": [
            C("Answers 'Can I cancel anytime?' with yes", "other", False, "Can I cancel anytime?"),
            C("Says there are no fees", "include"),
            C("Says access continues until the end of the billing period", "include"),
            C("Plain language", "quality"),
            C("Under 60 words", "length"),
            C("Does not say 'unfortunately'", "exclude", True, "unfortunately"),
        ],
        "must_not_propose": [
            "Mentions a cancellation fee",
            "Uses the word 'unfortunately'",
            "Access ends immediately on cancellation",
            "At least 60 words",
            "Answers no",
        ],
        "conflicts": [],
    },
    {
        "id": "db_40",
        "task": "Write a Python function called `word_count(text)` that returns a dict mapping each lowercase word to its count. Include a docstring. Don't import collections.",
        "constraints": [
            C("Defines a function called `word_count(text)`", "include", False, "word_count(text)"),
            C("Returns a dict mapping each lowercase word to its count", "other"),
            C("Includes a docstring", "format"),
            C("Does not import collections", "exclude", True, ""),
        ],
        "must_not_propose": [
            "Uses collections.Counter",
            "Function named count_words",
            "Returns a list of tuples",
            "Has no docstring",
            "Keeps the original word case",
        ],
        "conflicts": [],
    },
]


NOTES: list[dict] = [
    {
        "id": "nb_01",
        "task": "Launch email for Nimbus 3.1 with the 20% discount.",
        "rubric": "- Names Nimbus 3.1\n- Mentions the 20% discount\n- Under 150 words",
        "note": "add a greeting",
        "expected": "All three criteria kept unchanged, plus one new criterion that the email opens with a greeting (e.g. 'Hi' or 'Hello'). Nothing removed.",
    },
    {
        "id": "nb_02",
        "task": "Product description for the Harbor Desk Lamp, $64.",
        "rubric": "- Under 150 words\n- Mentions the price\n- Describes some features",
        "note": "make it stricter",
        "expected": "Same topics, tighter thresholds: a lower word limit (e.g. under 100 words), the price named exactly as $64, and a specific feature requirement (e.g. names at least three features). No unrelated new criteria; nothing loosened.",
    },
    {
        "id": "nb_03",
        "task": "Job post for a part-time barista at Fern Street Coffee.",
        "rubric": "- Says Fern Street Coffee is hiring\n- Uses at least 3 emojis\n- Mentions how to apply\n- Under 120 words",
        "note": "remove the second one",
        "expected": "The emoji criterion (the second line) is removed; the other three stay, unchanged and in the same order. Nothing added, and no 'no emojis' criterion is added in its place.",
    },
    {
        "id": "nb_04",
        "task": "Product description for the Harbor Desk Lamp: matte black, USB-C, $64.",
        "rubric": "- Names the Harbor Desk Lamp\n- Mentions matte black and USB-C\n- Around 100 words",
        "note": "also check it mentions the price",
        "expected": "Existing criteria kept; one added: mentions the price $64 (the number from the task, not a generic 'mentions a price').",
    },
    {
        "id": "nb_05",
        "task": "Story opening set in a lighthouse on the Isle of Skye.",
        "rubric": "- Set in a lighthouse on the Isle of Skye\n- Under 250 words\n- Ends on a hook",
        "note": "shorter",
        "expected": "The length criterion is tightened to a lower limit (e.g. under 150 words); the other criteria stay as they are. It should not delete criteria to make the rubric itself shorter.",
    },
    {
        "id": "nb_06",
        "task": "Announcement email for the Crumb & Co sourdough subscription, $18/month.",
        "rubric": "- Mentions the $18/month price\n- Friendly, warm tone\n- Not salesy or pushy\n- Says you can cancel anytime",
        "note": "drop the tone stuff",
        "expected": "Both tone criteria ('Friendly, warm tone' and 'Not salesy or pushy') removed; the price and cancel-anytime criteria stay unchanged.",
    },
    {
        "id": "nb_07",
        "task": "LinkedIn post celebrating Ledgerly reaching 10,000 customers.",
        "rubric": "- Mentions 10,000 customers\n- Thanks the team\n- At most 3 hashtags",
        "note": "add a call to action at the end",
        "expected": "Existing criteria kept; one added: ends with a call to action (e.g. invites readers to try Ledgerly or visit a link). The new criterion is about the ending, not just 'includes a call to action somewhere'.",
    },
    {
        "id": "nb_08",
        "task": "Launch email for Nimbus 3.1.",
        "rubric": "- Names Nimbus 3.1\n- Under 120 words\n- Ends with a question",
        "note": "add a call to action at the end",
        "expected": "A call-to-action-at-the-end criterion is added, and the clash with 'Ends with a question' is handled: either the two are merged (e.g. 'Ends with a call to action, which may be phrased as a question') or the clash is pointed out to the author. Not two separate 'ends with' criteria that can't both be met.",
    },
    {
        "id": "nb_09",
        "task": "Tweet announcing the new rye loaf at Crumb & Co.",
        "rubric": "- Announces the rye loaf\n- Under 280 characters\n- Includes #CrumbAndCo",
        "note": "don't require the hashtag anymore",
        "expected": "The '#CrumbAndCo' criterion is removed (not turned into 'does not include #CrumbAndCo'); the other two remain.",
    },
    {
        "id": "nb_10",
        "task": "Cover letter for the Junior Data Analyst role at Brightwater Health.",
        "rubric": "- Names the Junior Data Analyst role at Brightwater Health\n- Under 100 words\n- Three paragraphs",
        "note": "the word limit should be 200 not 100",
        "expected": "The length criterion becomes 'Under 200 words'; the other criteria unchanged; no second length criterion left behind.",
    },
    {
        "id": "nb_11",
        "task": "Cover letter for a paralegal position at Whitford & Lane.",
        "rubric": "- Starts with \"Dear Sir\"\n- Three paragraphs\n- Signs off with \"Sincerely, Jordan Lee\"",
        "note": "swap 'Dear Sir' for 'Dear Ms. Alvarez'",
        "expected": "The first criterion becomes 'Starts with \"Dear Ms. Alvarez\"' (full name kept, not truncated); the old 'Dear Sir' criterion is gone; the rest unchanged.",
    },
    {
        "id": "nb_12",
        "task": "Opening paragraph of a mystery set in a lighthouse in 1952.",
        "rubric": "- Set in a lighthouse\n- Set in 1952\n- Under 150 words",
        "note": "also it must not mention the moon",
        "expected": "One criterion added: does not mention the moon (a negation; not 'mentions the moon'). Existing criteria kept.",
    },
    {
        "id": "nb_13",
        "task": "FAQ answer: 'Do you ship internationally?'",
        "rubric": "- Keep it brief\n- Lists the countries we ship to\n- Under 80 words",
        "note": "merge the two length ones",
        "expected": "'Keep it brief' and 'Under 80 words' become a single criterion (e.g. 'Brief: under 80 words'); the countries criterion stays. Two criteria in total.",
    },
    {
        "id": "nb_14",
        "task": "Tips for new Ledgerly users setting up their first invoice.",
        "rubric": "- About setting up a first invoice in Ledgerly\n- Exactly 7 bullet points\n- Mentions the 'Send test invoice' button",
        "note": "make the second one check for 3 to 5 bullets instead",
        "expected": "The second criterion becomes '3 to 5 bullet points' (a range, not exactly 3 or exactly 5); the first and third unchanged.",
    },
    {
        "id": "nb_15",
        "task": "Landing page hero for Nimbus 3.1 about the 14-day free trial.",
        "rubric": "- Mentons the 14-day free trail\n- Headline at most 8 words\n- Has a CTA button label",
        "note": "looks good, just fix the typo in the first one",
        "expected": "First criterion corrected to 'Mentions the 14-day free trial' (both typos fixed, number kept); the other two unchanged; nothing added or removed.",
    },
]
