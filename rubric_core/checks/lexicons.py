"""Small word lists the offline grader uses for topic and sensory-detail criteria."""

from __future__ import annotations

_TOPICS: dict[str, set[str]] = {
    "spring": {
        "spring",
        "blossom",
        "blossoms",
        "bloom",
        "blooms",
        "blooming",
        "bud",
        "buds",
        "thaw",
        "april",
        "petal",
        "petals",
        "sprout",
        "sprouts",
        "cherry",
        "tulip",
        "tulips",
        "robin",
        "robins",
        "daffodil",
        "daffodils",
        "meadow",
        "lamb",
        "lambs",
        "nest",
        "nests",
    },
    "ocean": {
        "ocean",
        "sea",
        "seas",
        "wave",
        "waves",
        "tide",
        "tides",
        "surf",
        "salt",
        "salty",
        "gull",
        "gulls",
        "coral",
        "shore",
        "sand",
        "foam",
        "brine",
        "marine",
        "bay",
        "lagoon",
    },
    "photosynthesis": {
        "photosynthesis",
        "chlorophyll",
        "sunlight",
        "glucose",
    },
    # Words that name other things as often ("may", "march", "green", "current", "light", "plant", "stream")
    # are left out: a text about a football match in March must not read as about spring.
    # Base forms only from here on: plurals (and -ed/-ing forms of the text's words) are matched by
    # `word_forms`. Each list holds words that point at the topic on their own (no "paw" for a cat: dogs
    # have paws too), so an unrelated text still fails.
    "cat": {"kitten", "kitty", "feline", "tabby", "tomcat", "pussycat", "purr", "meow", "miaow", "siamese"},
    "dog": {"puppy", "pup", "hound", "canine", "doggy", "woof", "kennel", "terrier", "spaniel", "poodle", "beagle"},
    "bird": {"feather", "beak", "nest", "flock", "chirp", "songbird", "sparrow", "robin", "finch", "avian"},
    "horse": {"pony", "foal", "mare", "stallion", "colt", "gallop", "saddle", "hoof", "mane", "neigh"},
    "tree": {"oak", "pine", "maple", "birch", "willow", "bough", "leaf", "forest", "sapling", "orchard"},
    "flower": {"blossom", "bloom", "petal", "bud", "tulip", "daisy", "lily", "daffodil", "bouquet"},
    "rain": {"raindrop", "drizzle", "downpour", "rainstorm", "puddle", "umbrella", "rainy", "monsoon"},
    "snow": {"snowflake", "snowfall", "snowy", "blizzard", "flurry", "frost", "sleet", "snowman", "snowdrift"},
    "winter": {"snow", "snowflake", "frost", "frozen", "ice", "icy", "blizzard", "december", "january", "sleet"},
    "summer": {"sunshine", "heatwave", "beach", "july", "august", "sunburn", "midsummer", "summertime"},
    "autumn": {"autumnal", "leaf", "harvest", "october", "november", "september", "acorn", "pumpkin", "maple"},
    "sun": {"sunshine", "sunlight", "sunrise", "sunset", "dawn", "sunbeam", "solar", "daylight", "sunny"},
    "nut": {
        "almond",
        "cashew",
        "pecan",
        "walnut",
        "hazelnut",
        "pistachio",
        "peanut",
        "macadamia",
        "chestnut",
        "praline",
        "marzipan",
        "nutty",
        "satay",
        "pesto",
    },
    "moon": {"lunar", "moonlight", "moonlit", "crescent", "moonbeam", "eclipse", "moonrise"},
    "night": {"midnight", "darkness", "moon", "moonlight", "starlight", "dusk", "nocturnal", "nighttime"},
    "love": {"lover", "beloved", "romance", "romantic", "kiss", "darling", "adore", "affection", "sweetheart"},
    "friendship": {"friend", "companion", "companionship", "pal", "buddy", "comrade"},
    "music": {"song", "melody", "tune", "rhythm", "chord", "sing", "singer", "musician", "guitar", "piano"},
    "coffee": {"espresso", "latte", "cappuccino", "mocha", "caffeine", "cafe", "barista", "decaf"},
    "forest": {"woodland", "tree", "oak", "pine", "grove", "thicket", "undergrowth", "rainforest"},
    "mountain": {"summit", "alpine", "mountaineer", "glacier", "foothill", "mountainside"},
    "river": {"creek", "brook", "riverbank", "estuary", "riverbed", "tributary"},
    "city": {"street", "downtown", "urban", "skyscraper", "subway", "avenue", "sidewalk", "metropolis"},
}

_TOPIC_ALIASES: dict[str, str] = {"sea": "ocean", "fall": "autumn", "woods": "forest"}
"""Another name of a topic with its own list (the alias and the list's topic count too)."""

_IRREGULAR_PLURALS: dict[str, str] = {
    "mice": "mouse",
    "geese": "goose",
    "children": "child",
    "men": "man",
    "women": "woman",
    "people": "person",
    "teeth": "tooth",
    "feet": "foot",
    "oxen": "ox",
    "dice": "die",
}


def singular_forms(word: str) -> set[str]:
    """The word and the singulars it may be the regular plural of: cats -> cat, foxes -> fox,
    stories -> story, wolves -> wolf (and the few irregular plurals above).

    A candidate may not be a word ("movies" gives "movie" and "movy"); callers intersect it with
    known words, so a wrong extra candidate matches nothing.
    """
    w = word.lower()
    out = {w, *([_IRREGULAR_PLURALS[w]] if w in _IRREGULAR_PLURALS else [])}
    if len(w) <= 3 or not w.endswith("s") or w.endswith(("ss", "us", "is")):
        return out
    out.add(w[:-1])  # cats, waves, movies
    if w.endswith("ies") and len(w) > 4:
        out.add(w[:-3] + "y")  # stories
    if w.endswith("es") and w[:-2].endswith(("s", "x", "z", "ch", "sh", "o")):
        out.add(w[:-2])  # foxes, buses, churches, wishes, potatoes
    if w.endswith("ves"):
        out |= {w[:-3] + "f", w[:-3] + "fe"}  # wolves, knives
    return out


def word_forms(word: str) -> set[str]:
    """`singular_forms` plus the base a regular -ed or -ing form may come from (purred, napping, baked)."""
    w = word.lower()
    out = singular_forms(w)
    for ending in ("ing", "ed"):
        stem = w[: -len(ending)]
        if w.endswith(ending) and len(stem) >= 3:
            out |= {stem, stem + "e"}
            if len(stem) >= 4 and stem[-1] == stem[-2]:
                out.add(stem[:-1])  # napping, purred
    return out


_SENSORY: set[str] = {
    # sight
    "blue",
    "green",
    "gold",
    "golden",
    "silver",
    "glint",
    "glints",
    "glow",
    "glows",
    "shimmer",
    "shimmers",
    "bright",
    "dark",
    "dim",
    "sparkling",
    "sparkle",
    "sparkles",
    "gray",
    "grey",
    "white",
    "black",
    "turquoise",
    "dazzling",
    # sound
    "roar",
    "roars",
    "roaring",
    "hiss",
    "hisses",
    "crash",
    "crashing",
    "whisper",
    "whispers",
    "murmur",
    "murmurs",
    "hum",
    "hums",
    "cry",
    "cries",
    "loud",
    "quiet",
    "rumbling",
    "rumbles",
    "splash",
    "splashing",
    # smell
    "smell",
    "smells",
    "scent",
    "scents",
    "fragrant",
    "musky",
    "aroma",
    "briny",
    # touch
    "cold",
    "warm",
    "cool",
    "icy",
    "rough",
    "smooth",
    "soft",
    "wet",
    "damp",
    "gritty",
    "sticky",
    "chilly",
    # taste
    "salt",
    "salty",
    "bitter",
    "sour",
    "sharp",
    "tang",
    "tangy",
}


_ARTICLES = ("a ", "an ", "the ")
_TOPIC_STOP = {"and", "the", "for", "with", "its", "their", "of", "in", "on", "at", "to", "or"}
# A number word alone is not the topic: "Is about the three little pigs" is not met by "three".
_TOPIC_STOP |= {"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "some", "many", "all"}
TOPIC_STOP: frozenset[str] = frozenset(_TOPIC_STOP)
"""Words of a topic that name nothing on their own (articles, prepositions, number words)."""


CLOSED_CLASSES: frozenset[str] = frozenset({"nut"})
"""Kinds whose list names their usual members (nuts: almond, pecan, peanut...): none of them and not the word is
none of the kind ("Does not mention nuts" on a recipe with none is a pass)."""


def closed_class(term: str) -> bool:
    """Whether a term is a kind of `CLOSED_CLASSES` (in any number: "nuts")."""
    return any(form in CLOSED_CLASSES for form in singular_forms(term.lower()))


def topic_words(topic: str) -> set[str]:
    """The topic itself plus its related words, if the lexicon has it.

    A leading article is not part of the topic ("Is about a cat" is about "cat": matching the words
    "a cat" failed a text about a cat); each content word of a several-word topic counts too. A plural
    topic uses the list of its singular ("Is about cats" gets the words of "cat").
    """
    topic = topic.lower().strip()
    for article in _ARTICLES:
        if topic.startswith(article):
            topic = topic[len(article) :].strip()
    words = {topic, *_related(topic)}
    if " " in topic:
        for word in topic.split():
            if len(word) > 2 and word not in _TOPIC_STOP:
                words |= {word, *_related(word)}
    return words


def _related(word: str) -> set[str]:
    out: set[str] = set()
    for form in sorted(singular_forms(word)):
        key = _TOPIC_ALIASES.get(form, form)
        if key in _TOPICS:
            out |= {key, *_TOPICS[key]}
    return out


def topic_words_in(words: list[str], topic: str) -> list[str]:
    """Distinct words among `words` that name `topic` or a related word, a plural or singular of one, or
    an -ed/-ing form of one (in order of appearance)."""
    wanted = {form for word in topic_words(topic) for form in singular_forms(word)}
    seen: list[str] = []
    for word in words:
        low = word.lower()
        if low not in seen and word_forms(low) & wanted:
            seen.append(low)
    return seen


_FIGURATIVE_NEXT: frozenset[str] = frozenset(
    """
    regards wishes welcome future idea ideas launch call calls horse friday paper papers chip chips energy standard
    rise fall drop drops decline increase growth estimate estimates process deal dispute success start cash economy
    market markets news side spot mood humor humour feedback skills skill sell approach reception response thanks
    feet head heads tongue light lights card cards list mind minds shoulder feelings
    """.split()
)
"""Words after a sensory word that make it a figure of speech: warm regards, bright future, cold call, soft
launch, sharp rise, rough estimate, smooth process, dark horse, white paper, green light. Not a detail sensed."""
_FIGURATIVE_BEFORE: frozenset[str] = frozenset("market stock price prices".split())
"""Words before one that do the same: a market crash, a stock roar."""


def sensory_words_in(words: list[str]) -> list[str]:
    """Distinct sensory words among `words`, in order of appearance, leaving out figures of speech."""
    seen: list[str] = []
    for i, word in enumerate(words):
        after = words[i + 1] if i + 1 < len(words) else ""
        before = words[i - 1] if i else ""
        if after in _FIGURATIVE_NEXT or before in _FIGURATIVE_BEFORE:
            continue
        if word in _SENSORY and word not in seen:
            seen.append(word)
    return seen
