"""Word lists that decide what a "mentions ..." / "does not use ..." term asks for.

A term names a kind of content the grader has a finder for (`CATEGORY_PATTERNS`: "the price"
is met by "$49", never by the word "price"), a kind it has no finder for (`UNCHECKABLE`: a
product name, jargon, a benefit: n/a), or words. `QUALIFIERS` ask for a quality no finder
confirms ("a strong call to action"); `SPECIFIERS` narrow a kind to one a word beside it names
("the launch date": a date in a sentence that speaks of the launch). rubric_core/checks/CRITERIA.md
lists each rule; keep the two in step.
"""

from __future__ import annotations

CATEGORY_PATTERNS: dict[str, str] = {
    "price": "price",
    "prices": "price",
    "pricing": "price",
    "cost": "price",
    "costs": "price",
    "fee": "price",
    "fees": "price",
    "price point": "price",
    "price tag": "price",
    "call to action": "call_to_action",
    "calls to action": "call_to_action",
    "call-to-action": "call_to_action",
    "calls-to-action": "call_to_action",
    "cta": "call_to_action",
    "ctas": "call_to_action",
    "date": "date",
    "dates": "date",
    "day": "date",
    "time": "time",
    "time of day": "time",
    "deadline": "deadline",
    "deadlines": "deadline",
    "due date": "deadline",
    "cutoff": "deadline",
    "cut-off": "deadline",
    "cutoff date": "deadline",
    "link": "link",
    "links": "link",
    "hyperlink": "link",
    "hyperlinks": "link",
    "url": "link",
    "urls": "link",
    "website": "link",
    "web address": "link",
    "web site": "link",
    "email address": "email_address",
    "email addresses": "email_address",
    "e-mail address": "email_address",
    "contact email": "email_address",
    "phone number": "phone_number",
    "phone numbers": "phone_number",
    "telephone number": "phone_number",
    "question": "question",
    "questions": "question",
    "question mark": "question",
    "question marks": "question",
    "statistic": "statistic",
    "statistics": "statistic",
    "stat": "statistic",
    "stats": "statistic",
    "percentage": "statistic",
    "percentages": "statistic",
    "number": "number",
    "numbers": "number",
    "figure": "number",
    "figures": "number",
    "digit": "digits",
    "digits": "digits",
    "numeral": "digits",
    "numerals": "digits",
    "greeting": "greeting",
    "greetings": "greeting",
    "salutation": "greeting",
    "sign-off": "sign_off",
    "signoff": "sign_off",
    "sign off": "sign_off",
    "closing": "sign_off",
    "valediction": "sign_off",
    "emoji": "emoji",
    "emojis": "emoji",
    "emoticon": "emoji",
    "emoticons": "emoji",
    "placeholder": "placeholder",
    "placeholders": "placeholder",
    "hashtag": "hashtag",
    "hashtags": "hashtag",
    "exclamation mark": "exclamation",
    "exclamation marks": "exclamation",
    "exclamation point": "exclamation",
    "exclamation points": "exclamation",
    "bullet points": "bullets",
    "bullet point": "bullets",
    "bullets": "bullets",
    "bulleted list": "bullets",
    "bullet list": "bullets",
    "bullet-point list": "bullets",
    "numbered list": "numbered",
    "numbered lists": "numbered",
    "ordered list": "numbered",
    "semicolon": "semicolon",
    "semicolons": "semicolon",
    "colon": "colon",
    "colons": "colon",
    "comma": "comma",
    "commas": "comma",
    "dash": "dash",
    "dashes": "dash",
    "em dash": "dash",
    "em dashes": "dash",
    "em-dash": "dash",
    "em-dashes": "dash",
    "en dash": "dash",
    "en dashes": "dash",
    "heading": "heading",
    "headings": "heading",
    "markdown heading": "heading",
    "markdown headings": "heading",
    "subheading": "heading",
    "subheadings": "heading",
    "period": "period",
    "periods": "period",
    "full stop": "period",
    "full stops": "period",
    "ellipsis": "ellipsis",
    "ellipses": "ellipsis",
    "parentheses": "parentheses",
    "parenthesis": "parentheses",
    "brackets": "parentheses",
    "apology": "apology",
    "apologies": "apology",
    "thank-you": "thanks",
    "thank you": "thanks",
    "thanks": "thanks",
    "thank you note": "thanks",
}
"""Names of kinds the grader has a finder for (singular and plural, as criteria write them)."""

BARE_ONLY: frozenset[str] = frozenset({"period"})
"""Kinds named only alone: "a period" is the mark, "the trial period" a span of time (no finder: n/a)."""

SPECIFIERS: frozenset[str] = frozenset(
    """
    launch release event start starting end ending opening closing delivery shipping meeting party sale
    publication expiry expiration registration signup sign-up application entry submission payment renewal
    subscription membership ticket trial offer order booking reservation check-in arrival departure
    kickoff kick-off premiere webinar workshop class course conference session interview appointment
    """.split()
)
"""Words that narrow a kind to one ("the launch date", "the ticket price"): a found instance passes only
in a sentence that also names the word; elsewhere the grader cannot tell it is that one (n/a)."""

UNCHECKABLE: frozenset[str] = frozenset(
    """
    name names title titles headline headlines subject tagline slogan signature author sender recipient
    competitor competitors competition rival rivals alternative alternatives brand brands company companies
    product products jargon buzzword buzzwords acronym acronyms abbreviation abbreviations slang cliche cliches
    cliché clichés filler profanity swearing typo typos mistake mistakes error errors
    benefit benefits feature features advantage advantages disadvantage disadvantages pro pros con cons
    drawback drawbacks downside downsides upside upsides strength strengths weakness weaknesses challenge challenges
    opportunity opportunities trade-off trade-offs tradeoff tradeoffs pitfall pitfalls concern concerns objection
    objections counterpoint counterpoints perspective perspectives viewpoint viewpoints
    example examples instance instances illustration reason reasons rationale justification evidence proof source
    sources citation citations reference references quote quotes quotation quotations testimonial testimonials
    review reviews anecdote anecdotes story stories metaphor metaphors simile similes analogy analogies imagery
    image images rhyme rhymes alliteration pun puns joke jokes humor humour wit irony sarcasm emotion emotions
    feeling feelings mood tone voice style register language wording vocabulary grammar spelling punctuation
    formatting format structure flow transition transitions clarity summary summaries conclusion conclusions
    introduction intro outro takeaway takeaways point points idea ideas thesis argument arguments
    counterargument claim claims recommendation recommendations suggestion suggestions advice tip tips step
    steps instruction instructions solution solutions problem problems issue issues cause causes effect effects
    impact impacts result results outcome outcomes goal goals objective objectives purpose context background
    agenda location locations venue place places address addresses audience reader readers customer customers
    user users value proposition propositions offer offers discount discounts deal deals promotion promotions
    promo guarantee guarantees warranty warranties specification specifications spec specs dimension dimensions
    size sizes weight color colour colors colours material materials availability schedule timeline milestone
    milestones budget risk risks owner owners contact contacts detail details fact facts information info data
    metric metrics kpi kpis insight insights lesson lessons explanation explanations definition definitions
    comparison comparisons contrast description descriptions requirement requirements criterion criteria caveat
    caveats disclaimer disclaimers warning warnings limitation limitations assumption assumptions consequence
    consequences action actions next-steps character characters setting plot dialogue twist ending beginning
    opening hook hooks moral theme themes message messages keyword keywords term terms concept concepts topic
    topics subject-matter content section sections paragraph
    paragraphs sentence sentences line lines word words letter letters phrase phrases verb verbs noun nouns
    adjective adjectives adverb adverbs pronoun pronouns capital capitals
    quotation-mark hint hints annotation annotations recursion loop loops comment
    comments exception exceptions handling validation test tests variable variables class classes method
    methods decorator decorators generator generators logging assertion assertions case cases
    docstring docstrings function functions module modules import imports statement statements expression
    expressions operator operators
    contraction contractions passive superlative superlatives fragment fragments clause clauses person persons
    caps uppercase lowercase capitalization capitalisation italics bold markdown html table tables footnote
    footnotes symbol symbols character-count repetition repetitions hedge hedges hedging exaggeration
    """.split()
)
"""Kinds of content with no finder: a criterion that asks for one (or for its absence) is n/a, because the
word itself proves nothing ('Includes the product name', 'Does not use jargon', 'Uses type hints')."""

QUALIFIERS: frozenset[str] = frozenset(
    """
    main key clear clearly specific concrete relevant correct exact actual accurate right proper appropriate
    important brief short concise strong compelling personal friendly positive negative professional formal
    informal warm polite engaging catchy memorable vivid original creative helpful useful meaningful simple plain
    good great nice better best bad enough sufficient detailed thorough complete full overall explicit
    explicitly persuasive convincing emotional sensory descriptive humorous funny witty unique interesting
    realistic believable consistent coherent logical natural fluent suitable obvious visible prominent
    prominently early upfront final first last new current latest total precise rhetorical fun surprising
    striking powerful bold urgent gentle subtle sincere genuine heartfelt honest fair balanced relatable
    """.split()
)
"""Words that ask for a quality no word match can confirm ('the main benefit', 'a rhetorical question')."""

ABSORBED: frozenset[str] = frozenset(
    "clear clearly explicit explicitly specific exact concrete actual visible real".split()
)
"""Qualifiers an instance of a kind meets by being one ('a clear call to action', 'the exact price')."""

TOKEN_DESCRIPTORS: frozenset[str] = frozenset(
    """
    the a an of our its their your this that for in on at to
    link url address website site page email e-mail handle account tag hashtag id number no code ticket issue
    order version release build rate price cost fee amount figure value sum total percentage percent discount
    language phone tel extension model sku reference ref year standard edition size room gate flight route
    chapter page step level grade release ticket
    table column field key port method status endpoint route header flag option parameter argument variable
    command file path directory folder image branch tag http https api sql json yaml env environment setting
    """.split()
)
"""Words that only say what kind of token follows ("ticket #4821", "the rate of 4.5%", "the link https://…"):
the token written as it stands is what the text must hold. Any other word beside a token must stand in
the same sentence ("24/7 support")."""

LANGUAGES: frozenset[str] = frozenset(
    """
    english french spanish german italian portuguese chinese mandarin cantonese japanese korean russian arabic hindi
    dutch swedish norwegian danish finnish polish turkish greek latin hebrew
    """.split()
)
"""A term ending in a language ("American English", "Spanish") asks how the text is written: n/a."""

CONCEPT_VERBS: frozenset[str] = frozenset(
    "mention mentions mentioning refer refers name names discuss discusses talk talks about feature features "
    "list lists reference references cite cites".split()
)
"""Verbs that speak of a thing, not of a word: "Does not mention dogs" is not met by leaving out the word
"dogs" ("puppy", "labrador"), so only finding one proves anything. "Does not use/say/contain X" is about
the word itself."""


BROAD: frozenset[str] = frozenset(
    """
    animal animals pet pets creature creatures wildlife food foods meal meals dish dishes snack snacks drink drinks
    beverage beverages fruit fruits vegetable vegetables meat fish seafood sweets dessert desserts candy spice spices
    grain grains allergen allergens ingredient ingredients money cash currency finance finances payment payments tax
    taxes weather climate season seasons colour colours color colors shape shapes vehicle vehicles car cars transport
    transportation sport sports game games hobby hobbies music instrument instruments art clothing clothes garment
    garments furniture tool tools weapon weapons technology tech device devices gadget gadgets software app apps
    computer computers phone phones internet media plant plants flower flowers tree trees insect insects bird birds
    people person persons family families relative relatives child children kid kids parent parents friend friends
    country countries city cities place places town towns building buildings material materials metal metals
    chemical chemicals drug drugs medicine medicines medication illness illnesses disease diseases injury injuries
    health sickness emotion emotions feeling feelings job jobs work career profession professions holiday holidays
    event events party parties politics religion religions violence crime crimes death sex body organ organs
    nature environment science history war wars business company companies brand brands competitor competitors
    organisation organization organisations organizations team teams staff employee employees
    """.split()
)
"""Kinds of things with many usual wordings ("pets": my cat, a hamster): "Does not mention pets" is not met by
leaving out the word, so with none found it is n/a."""


def broad(term: str) -> bool:
    """Whether a term names a kind of things with many usual wordings (its last word in `BROAD`)."""
    words = term.lower().split()
    return bool(words) and words[-1] in BROAD
