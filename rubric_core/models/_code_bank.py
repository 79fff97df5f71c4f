"""Small Python functions the offline writer knows how to write (data only).

A recipe is picked by keywords in the task; `versions` are a plain version and
a more careful one (edge cases, types) the writer moves to when the grader's
tests fail. `{name}` is replaced by the function name the task or the rubric asks for.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Recipe:
    """One function: the words that call for it, what it does, and its versions."""

    keywords: tuple[str, ...]
    name: str
    does: str
    """What it does, after "It ...": "returns the text reversed"."""

    versions: tuple[str, ...]
    example: str
    """A call and its result, shown under the code."""


RECIPES: tuple[Recipe, ...] = (
    Recipe(
        ("duplicate", "repeated", "appear more than once"),
        "find_duplicates",
        "returns the items that appear more than once, each once, in order of first appearance",
        (
            'def {name}(items):\n    """Items that appear more than once, in order of first appearance."""\n'
            "    seen, dupes = set(), []\n    for item in items:\n        if item in seen and item not in dupes:\n"
            "            dupes.append(item)\n        seen.add(item)\n    return dupes\n",
            'def {name}(items):\n    """Items that appear more than once, in order of first appearance.\n\n'
            '    Compares with == instead of hashing, so lists and dicts work too.\n    """\n'
            "    seen, dupes = [], []\n    for item in items:\n        if item in seen:\n"
            "            if item not in dupes:\n                dupes.append(item)\n        else:\n"
            "            seen.append(item)\n    return dupes\n",
        ),
        "{name}([1, 2, 2, 3, 3, 3])  # [2, 3]",
    ),
    Recipe(
        ("palindrome",),
        "is_palindrome",
        "tells whether a text reads the same backwards, ignoring case and punctuation",
        (
            'def {name}(text):\n    """True when text reads the same forwards and backwards."""\n'
            "    cleaned = text.lower()\n    return cleaned == cleaned[::-1]\n",
            'def {name}(text: str) -> bool:\n    """True when text reads the same both ways, ignoring case, spaces and punctuation."""\n'
            "    cleaned = [ch.lower() for ch in text if ch.isalnum()]\n    return cleaned == cleaned[::-1]\n",
        ),
        '{name}("A man, a plan, a canal: Panama")  # True',
    ),
    Recipe(
        ("reverse",),
        "reverse_string",
        "returns the text reversed",
        (
            'def {name}(text):\n    """The text, back to front."""\n    return text[::-1]\n',
            'def {name}(text: str) -> str:\n    """The text, back to front (an empty string stays empty)."""\n'
            '    if not isinstance(text, str):\n        raise TypeError("text must be a string")\n'
            "    return text[::-1]\n",
        ),
        '{name}("harbor")  # "robrah"',
    ),
    Recipe(
        ("factorial",),
        "factorial",
        "returns n! for a whole number n",
        (
            'def {name}(n):\n    """n! = 1 * 2 * ... * n."""\n    result = 1\n    for k in range(2, n + 1):\n'
            "        result *= k\n    return result\n",
            'def {name}(n: int) -> int:\n    """n! = 1 * 2 * ... * n; 0! is 1."""\n    if n < 0:\n'
            '        raise ValueError("n must be at least 0")\n    result = 1\n    for k in range(2, n + 1):\n'
            "        result *= k\n    return result\n",
        ),
        "{name}(5)  # 120",
    ),
    Recipe(
        ("fibonacci",),
        "fibonacci",
        "returns the n-th Fibonacci number, counting fibonacci(0) as 0",
        (
            'def {name}(n):\n    """The n-th Fibonacci number (0, 1, 1, 2, 3, 5, ...)."""\n    a, b = 0, 1\n'
            "    for _ in range(n):\n        a, b = b, a + b\n    return a\n",
            'def {name}(n: int) -> int:\n    """The n-th Fibonacci number (0, 1, 1, 2, 3, 5, ...); n must not be negative."""\n'
            '    if n < 0:\n        raise ValueError("n must be at least 0")\n    a, b = 0, 1\n'
            "    for _ in range(n):\n        a, b = b, a + b\n    return a\n",
        ),
        "{name}(10)  # 55",
    ),
    Recipe(
        ("prime",),
        "is_prime",
        "tells whether a whole number is prime",
        (
            'def {name}(n):\n    """True when n is a prime number."""\n    if n < 2:\n        return False\n'
            "    for k in range(2, int(n**0.5) + 1):\n        if n % k == 0:\n            return False\n"
            "    return True\n",
            'def {name}(n: int) -> bool:\n    """True when n is a prime number; checks odd divisors up to the square root."""\n'
            "    if n < 2:\n        return False\n    if n % 2 == 0:\n        return n == 2\n"
            "    k = 3\n    while k * k <= n:\n        if n % k == 0:\n            return False\n        k += 2\n"
            "    return True\n",
        ),
        "{name}(97)  # True",
    ),
    Recipe(
        ("average", "mean"),
        "average",
        "returns the mean of a list of numbers",
        (
            'def {name}(numbers):\n    """The arithmetic mean of the numbers."""\n'
            "    return sum(numbers) / len(numbers)\n",
            'def {name}(numbers: list[float]) -> float:\n    """The arithmetic mean of the numbers; an empty list raises ValueError."""\n'
            '    if not numbers:\n        raise ValueError("cannot average an empty list")\n'
            "    return sum(numbers) / len(numbers)\n",
        ),
        "{name}([2, 4, 9])  # 5.0",
    ),
    Recipe(
        ("vowel",),
        "count_vowels",
        "counts the vowels in a text",
        (
            'def {name}(text):\n    """How many vowels (a, e, i, o, u) the text has."""\n'
            '    return sum(1 for ch in text.lower() if ch in "aeiou")\n',
            'def {name}(text: str) -> int:\n    """How many vowels (a, e, i, o, u, either case) the text has."""\n'
            '    vowels = set("aeiouAEIOU")\n    return sum(1 for ch in text if ch in vowels)\n',
        ),
        '{name}("Harbor lights")  # 3',
    ),
    Recipe(
        ("word count", "count words", "count the words", "number of words"),
        "count_words",
        "counts the words in a text",
        (
            'def {name}(text):\n    """How many words the text has, split on whitespace."""\n'
            "    return len(text.split())\n",
            'def {name}(text: str) -> int:\n    """How many words the text has; punctuation on its own is not a word."""\n'
            '    import re\n\n    return len(re.findall(r"[A-Za-z0-9\']+", text))\n',
        ),
        '{name}("the moon over the harbor")  # 5',
    ),
    Recipe(
        ("celsius", "fahrenheit", "temperature"),
        "celsius_to_fahrenheit",
        "converts a temperature from Celsius to Fahrenheit",
        (
            'def {name}(celsius):\n    """Degrees Celsius to degrees Fahrenheit."""\n    return celsius * 9 / 5 + 32\n',
            'def {name}(celsius: float) -> float:\n    """Degrees Celsius to degrees Fahrenheit, rounded to two decimals."""\n'
            "    return round(celsius * 9 / 5 + 32, 2)\n",
        ),
        "{name}(100)  # 212.0",
    ),
    Recipe(
        ("unique", "remove duplicates", "dedupe", "deduplicate"),
        "unique",
        "returns the items without repeats, in their original order",
        (
            'def {name}(items):\n    """The items without repeats, in their original order."""\n'
            "    return list(dict.fromkeys(items))\n",
            'def {name}(items):\n    """The items without repeats, in their original order (unhashable items too)."""\n'
            "    out = []\n    for item in items:\n        if item not in out:\n            out.append(item)\n"
            "    return out\n",
        ),
        "{name}([3, 1, 3, 2, 1])  # [3, 1, 2]",
    ),
    Recipe(
        ("flatten", "nested"),
        "flatten",
        "flattens a nested list into one flat list",
        (
            'def {name}(items):\n    """A flat list of everything inside the nested lists."""\n    flat = []\n'
            "    for item in items:\n        if isinstance(item, list):\n            flat.extend({name}(item))\n"
            "        else:\n            flat.append(item)\n    return flat\n",
            'def {name}(items):\n    """A flat list of everything inside nested lists and tuples (strings stay whole)."""\n'
            "    flat = []\n    for item in items:\n        if isinstance(item, (list, tuple)):\n"
            "            flat.extend({name}(item))\n        else:\n            flat.append(item)\n    return flat\n",
        ),
        "{name}([1, [2, [3, 4]], 5])  # [1, 2, 3, 4, 5]",
    ),
    Recipe(
        ("fizzbuzz", "fizz"),
        "fizzbuzz",
        "returns the FizzBuzz words for 1 to n",
        (
            'def {name}(n):\n    """FizzBuzz from 1 to n as a list of strings."""\n    out = []\n'
            '    for k in range(1, n + 1):\n        word = ("Fizz" if k % 3 == 0 else "") + ("Buzz" if k % 5 == 0 else "")\n'
            "        out.append(word or str(k))\n    return out\n",
            'def {name}(n: int) -> list[str]:\n    """FizzBuzz from 1 to n as a list of strings; n below 1 gives an empty list."""\n'
            "    out = []\n    for k in range(1, max(n, 0) + 1):\n"
            '        word = ("Fizz" if k % 3 == 0 else "") + ("Buzz" if k % 5 == 0 else "")\n'
            "        out.append(word or str(k))\n    return out\n",
        ),
        "{name}(5)  # ['1', '2', 'Fizz', '4', 'Buzz']",
    ),
    Recipe(
        ("largest", "maximum", "biggest", "max"),
        "largest",
        "returns the largest number in a list",
        (
            'def {name}(numbers):\n    """The largest of the numbers."""\n    best = numbers[0]\n'
            "    for n in numbers[1:]:\n        if n > best:\n            best = n\n    return best\n",
            'def {name}(numbers):\n    """The largest of the numbers; an empty list gives None."""\n    if not numbers:\n'
            "        return None\n    best = numbers[0]\n    for n in numbers[1:]:\n        if n > best:\n"
            "            best = n\n    return best\n",
        ),
        "{name}([4, 11, 7])  # 11",
    ),
    Recipe(
        ("sum",),
        "total",
        "adds up a list of numbers",
        (
            'def {name}(numbers):\n    """The sum of the numbers."""\n    result = 0\n    for n in numbers:\n'
            "        result += n\n    return result\n",
            'def {name}(numbers) -> float:\n    """The sum of the numbers; None values are skipped."""\n'
            "    return sum(n for n in numbers if n is not None)\n",
        ),
        "{name}([1, 2, 3])  # 6",
    ),
    Recipe(
        ("title case", "capitalize", "capitalise"),
        "title_case",
        "capitalises the first letter of every word",
        (
            'def {name}(text):\n    """Every word with a capital first letter."""\n'
            '    return " ".join(word.capitalize() for word in text.split())\n',
            'def {name}(text: str) -> str:\n    """Every word with a capital first letter; spacing is kept as it was."""\n'
            '    import re\n\n    return re.sub(r"[A-Za-z]+", lambda m: m.group(0).capitalize(), text)\n',
        ),
        '{name}("the moon over the harbor")  # "The Moon Over The Harbor"',
    ),
    Recipe(
        ("gcd", "greatest common divisor"),
        "gcd",
        "returns the greatest common divisor of two whole numbers",
        (
            'def {name}(a, b):\n    """The greatest common divisor of a and b (Euclid)."""\n    while b:\n'
            "        a, b = b, a % b\n    return a\n",
            'def {name}(a: int, b: int) -> int:\n    """The greatest common divisor of a and b (Euclid); always at least 0."""\n'
            "    a, b = abs(a), abs(b)\n    while b:\n        a, b = b, a % b\n    return a\n",
        ),
        "{name}(12, 18)  # 6",
    ),
    Recipe(
        ("slug",),
        "slugify",
        "turns a title into a URL slug: lower case, words joined by hyphens",
        (
            'import re\n\n\ndef {name}(text):\n    """A URL slug: lower case, runs of other characters become one hyphen."""\n'
            '    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")\n',
            "import re\nimport unicodedata\n\n\ndef {name}(text: str) -> str:\n"
            '    """A URL slug: accents dropped, lower case, runs of other characters one hyphen, none at the ends."""\n'
            '    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")\n'
            '    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")\n',
        ),
        '{name}("Hello, World!")  # "hello-world"',
    ),
    Recipe(
        ("anagram",),
        "is_anagram",
        "tells whether two texts use the same letters the same number of times",
        (
            'def {name}(a, b):\n    """True when a and b have the same letters, in any order."""\n'
            "    return sorted(a.lower()) == sorted(b.lower())\n",
            "from collections import Counter\n\n\ndef {name}(a: str, b: str) -> bool:\n"
            '    """True when a and b have the same letters, in any order, ignoring case, spaces and punctuation."""\n'
            "    return Counter(c for c in a.lower() if c.isalnum()) == Counter(c for c in b.lower() if c.isalnum())\n",
        ),
        '{name}("listen", "Silent")  # True',
    ),
    Recipe(
        ("median",),
        "median",
        "returns the middle value of the numbers (the mean of the two middle ones for an even count)",
        (
            'def {name}(numbers):\n    """The middle value of the numbers."""\n    ordered = sorted(numbers)\n'
            "    mid = len(ordered) // 2\n    if len(ordered) % 2:\n        return ordered[mid]\n"
            "    return (ordered[mid - 1] + ordered[mid]) / 2\n",
            'def {name}(numbers: list[float]) -> float:\n    """The middle value of the numbers; an empty list raises ValueError."""\n'
            '    if not numbers:\n        raise ValueError("median of an empty list")\n    ordered = sorted(numbers)\n'
            "    mid = len(ordered) // 2\n    if len(ordered) % 2:\n        return ordered[mid]\n"
            "    return (ordered[mid - 1] + ordered[mid]) / 2\n",
        ),
        "{name}([3, 1, 4, 1, 5])  # 3",
    ),
)

CODE_INTROS: tuple[str, ...] = (
    "`{name}()` {does}.",
    "This `{name}()` {does}.",
    "A small `{name}()` that {does}.",
)

CODE_OUTROS: tuple[str, ...] = (
    "For example: `{example}`.",
    "A quick check: `{example}`.",
    "Try it with `{example}`.",
)

CODE_REVISION_NOTES: tuple[str, ...] = (
    "This version handles the edge cases too: empty input and unexpected types.",
    "I tightened the edge cases, so empty or odd input no longer trips it up.",
)

UNKNOWN_CODE = (
    'def {name}(*args):\n    """Placeholder: the task did not say what this function should compute."""\n'
    '    raise NotImplementedError("describe what {name} should return, with an example")\n'
)
"""For a code task the writer cannot read: honest about it rather than a function that computes the wrong thing."""
