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
        "may",
        "march",
        "petal",
        "petals",
        "sprout",
        "sprouts",
        "cherry",
        "tulip",
        "tulips",
        "robin",
        "robins",
        "rain",
        "green",
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
        "current",
        "marine",
        "bay",
        "lagoon",
        "swell",
    },
    "photosynthesis": {
        "photosynthesis",
        "chlorophyll",
        "light",
        "sunlight",
        "glucose",
        "carbon",
        "oxygen",
        "plant",
        "plants",
    },
}

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


def topic_words(topic: str) -> set[str]:
    """The topic itself plus its related words, if the lexicon has it.

    A leading article is not part of the topic ("Is about a cat" is about "cat": matching the words
    "a cat" failed a text about a cat); each content word of a several-word topic counts too.
    """
    topic = topic.lower().strip()
    for article in _ARTICLES:
        if topic.startswith(article):
            topic = topic[len(article) :].strip()
    words = {topic, *_TOPICS.get(topic, set())}
    if " " in topic:
        for word in topic.split():
            if len(word) > 2 and word not in _TOPIC_STOP:
                words |= {word, *_TOPICS.get(word, set())}
    return words


def sensory_words_in(words: list[str]) -> list[str]:
    """Distinct sensory words among `words`, in order of appearance."""
    seen: list[str] = []
    for word in words:
        if word in _SENSORY and word not in seen:
            seen.append(word)
    return seen
