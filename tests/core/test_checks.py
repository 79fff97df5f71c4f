import json

import pytest

from rubric_core.checks import make_tools
from rubric_core.checks import text as t
from rubric_core.checks.contents import check_contains, check_not_contains
from rubric_core.checks.phrasing import Draft, evaluate, interpret
from rubric_core.checks.sandbox import run_python_tests
from rubric_core.checks.syllables import count_syllables, count_syllables_in_line
from rubric_core.examples import EXAMPLES
from rubric_core.rubric import Criterion, parse_criteria


def test_syllables_of_the_haiku_drafts() -> None:
    drafts = EXAMPLES["haiku"].drafts
    counts = [[count_syllables_in_line(line) for line in d.splitlines()] for d in drafts]
    assert counts == [[5, 8, 5, 5], [5, 8, 5], [5, 7, 5]]


def test_syllables_use_the_dictionary_and_fall_back_for_unknown_words() -> None:
    assert count_syllables("fire") == 2  # CMUdict: F AY1 ER0; a vowel-group count says 1
    assert count_syllables("every") in (2, 3)
    assert count_syllables("blorptastic") == 3  # not in CMUdict: Pyphen hyphenation
    assert count_syllables_in_line("2 cats") == 2


@pytest.mark.parametrize(
    ("criterion", "check", "params"),
    [
        ("Exactly three lines", "line_count", {"min": 3, "max": 3}),
        ("Follows a 5-7-5 syllable pattern", "syllables_per_line", {"pattern": [5, 7, 5]}),
        ("Exactly one sentence", "sentence_count", {"min": 1, "max": 1}),
        ("Three to four sentences", "sentence_count", {"min": 3, "max": 4}),
        ("At most 150 words", "word_count", {"min": None, "max": 150}),
        ("Fewer than 10 words", "word_count", {"min": None, "max": 9}),
        (
            "Mentions light and chlorophyll",
            "contains",
            {"terms": ["light", "chlorophyll"], "mode": "all", "literal": [False, False]},
        ),
        (
            "Uses the word ocean or sea",
            "contains",
            {"terms": ["ocean", "sea"], "mode": "any", "literal": [False, False], "spelled": ["ocean", "sea"]},
        ),
        ('Does not contain the letter "e"', "not_contains", {"terms": ["e"], "literal": [False]}),
        ("Does not mention price", "not_contains", {"terms": ["price"], "literal": [False], "patterns": ["price"]}),
        ("Contains at least two sensory details", "sensory_details", {"min": 2}),
        (
            "Has sections: Summary, Risks, Next steps",
            "markdown_sections",
            {"sections": ["Summary", "Risks", "Next steps"]},
        ),
        ("Matches the regex /^[A-Z]/", "regex", {"pattern": "^[A-Z]"}),
        ("Does not match the pattern `TODO`", "regex", {"pattern": "TODO", "should_match": False}),
        ("Is valid JSON", "json_valid", {"schema": None}),
        ("Defines a function find_duplicates(lst)", "python_defines", {"name": "find_duplicates"}),
        ("Defines a function called `slugify`", "python_defines", {"name": "slugify"}),
        ("Defines a function", "python_defines", {"name": None}),
        # What brackets spell out is what the text must name; an example leaves the term itself.
        ("Mentions the date (next Monday)", "contains", {"terms": ["next Monday"], "mode": "all", "literal": [True]}),
        ("Mentions the fruit (e.g. apple)", "contains", {"terms": ["fruit"], "mode": "all", "literal": [False]}),
        ("Every function has a docstring", "python_docstrings", {}),
        ("Includes a docstring", "python_docstrings", {}),
        ("Is about spring", "topic", {"topic": "spring"}),
    ],
)
def test_documented_phrasings(criterion: str, check: str, params: dict) -> None:
    spec = interpret(Criterion(criterion, 1))
    assert spec is not None
    assert spec.check == check
    assert spec.params == params


def test_unreadable_criterion_has_no_check() -> None:
    assert interpret(Criterion("Is witty and original", 1)) is None


def test_text_checks_pass_and_fail_with_gaps() -> None:
    assert t.check_sentence_count("One. Two! Three?", min=3, max=3).passed
    assert t.check_sentence_count("Dr. Who arrived. He left.", min=2, max=2).passed
    r = t.check_line_count("a\nb", min=3, max=3)
    assert not r.passed and "needs 3" in r.gap
    assert check_contains("The lights of chlorophyll", terms=["light", "chlorophyll"]).passed
    assert not check_contains("sunlight only", terms=["light"]).passed
    r = check_not_contains("A vast gray gulf. Waves hiss.", terms=["e"])
    assert not r.passed and "Waves" in r.gap
    assert t.check_word_count("one two three", max=3).passed
    assert t.check_regex("Hello", pattern="^H").passed
    assert not t.check_regex("x", pattern="(").passed


def test_json_check_with_schema() -> None:
    schema = {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}}
    assert t.check_json('```json\n{"name": "x"}\n```', schema=schema).passed
    r = t.check_json('{"name": 3}', schema=schema)
    assert not r.passed and "name" in r.gap
    r = t.check_json("{oops", schema=None)
    assert not r.passed and "not valid JSON" in r.gap
    spec = interpret(Criterion("Is valid JSON matching this schema:", 1, attachment=json.dumps(schema)))
    assert spec is not None and spec.params["schema"] == schema


def test_docstrings_are_read_in_the_code_not_looked_for_as_a_word() -> None:
    """A docstring does not say "docstring": the check parses the code (it had failed every documented function)."""
    from rubric_core.checks.phrasing import Draft, evaluate

    spec = interpret(Criterion("Includes a docstring", 1))
    assert spec is not None
    documented = 'Here it is.\n\n```python\ndef is_pal(s):\n    """Whether s reads the same backwards."""\n    return s == s[::-1]\n```\n'
    assert evaluate(spec, Draft(text=documented)).passed
    bare = documented.replace('    """Whether s reads the same backwards."""\n', "")
    result = evaluate(spec, Draft(text=bare))
    assert not result.passed and result.gap == "No docstring in is_pal(): add one."
    assert not evaluate(spec, Draft(text="A palindrome reads the same both ways.")).passed  # no code at all
    negated = interpret(Criterion("Has no docstrings", 1))
    assert negated is None or negated.check != "python_docstrings"


def test_a_function_asked_for_by_what_it_does_is_not_judged_by_its_presence() -> None:
    """ "Defines a function that reverses a string" had passed on any def: the check cannot see what the
    function does, so the criterion is n/a; "Defines a function" alone is any function in the code."""
    from rubric_core.checks.phrasing import plan

    checked = plan(Criterion("Defines a function that reverses a string", 1))
    assert checked.spec is None and "what the function does" in checked.reason
    spec = interpret(Criterion("Defines a function", 1))
    assert spec is not None
    code = "Done.\n\n```python\ndef reverse_string(text):\n    return text[::-1]\n```\n"
    result = evaluate(spec, Draft(text=code))
    assert result.passed and "reverse_string()" in result.detail
    no_def = evaluate(spec, Draft(text="```python\nprint('olleh')\n```\n"))
    assert not no_def.passed and no_def.gap == "The code defines no function: write one with def."
    assert not evaluate(spec, Draft(text="Reverse it with slicing.")).passed  # no code at all


def test_markdown_sections() -> None:
    text = "# T\n## Summary\nx\n## Next steps\ny"
    assert t.check_markdown_sections(text, sections=["summary", "Next steps"]).passed
    r = t.check_markdown_sections(text, sections=["Risks"])
    assert not r.passed and "Risks" in r.gap


def test_sandbox_runs_tests_in_a_child_process() -> None:
    run = run_python_tests(
        "def f(x):\n    return x * 2\n", "assert f(2) == 4\ndef test_three():\n    assert f(3) == 7\n"
    )
    assert not run.passed
    assert run.tests[0]["name"] == "test_three" and "assert f(3) == 7" in run.tests[0]["error"]
    assert run_python_tests("def f(x):\n    return x * 2\n", "assert f(2) == 4").passed


def test_sandbox_stops_an_infinite_loop() -> None:
    run = run_python_tests("while True:\n    pass\n", "pass", timeout_s=2)
    assert not run.passed
    assert "CPU time" in run.error or "Timed out" in run.error  # a limit stopped it (pytest-timeout: no hang)


def test_sandbox_stops_a_memory_bomb() -> None:
    run = run_python_tests(
        # A wall limit far above what the bomb needs: only the memory limit can stop it, even on a loaded machine.
        "data = []\nwhile True:\n    data.append(bytearray(50 * 1024 * 1024))\n",
        "pass",
        timeout_s=120,
    )
    assert not run.passed
    assert "Memory limit" in run.error


def test_sandbox_has_no_network_and_no_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-secret-planted")
    run = run_python_tests("import socket\n", "socket.create_connection(('127.0.0.1', 9))")
    assert not run.passed and "network access is disabled" in run.summary()
    run = run_python_tests("import os\n", "assert 'OPENAI_API_KEY' not in os.environ")
    assert run.passed


def test_find_duplicates_drafts_against_the_example_tests() -> None:
    ex = EXAMPLES["find-duplicates"]
    spec = interpret(parse_criteria(ex.rubric)[1])
    assert spec is not None
    first = evaluate(spec, Draft(text="", files={"/find_duplicates.py": ex.file_drafts[0]}))
    assert not first.passed and "unhashable" in first.gap
    assert evaluate(spec, Draft(text="", files={"/find_duplicates.py": ex.file_drafts[1]})).passed


def test_checks_as_langchain_tools() -> None:
    tools = {tool.name: tool for tool in make_tools(["syllables_per_line", "python_tests", "not_contains"])}
    lines = json.loads(tools["count_syllables_per_line"].invoke({"text": "Cherry blossoms drift"}))
    assert lines == [{"line": "Cherry blossoms drift", "syllables": 5}]
    result = json.loads(tools["run_python_tests"].invoke({"code": "x = 1", "tests": "assert x == 2"}))
    assert result["passed"] is False
    assert json.loads(tools["not_contains"].invoke({"text": "tree", "terms": ["e"]}))["passed"] is False
    with pytest.raises(ValueError, match="Unknown grader tool"):
        make_tools(["nope"])


@pytest.mark.parametrize(
    "criterion",
    [
        # A number word that is not a required count.
        "Uses every single sentence wisely",  # was sentence_count(1): "Has 4 sentences; needs 1."
        "One of the lines rhymes with moon",
        "A single idea per sentence",
        "One sentence per idea",  # was sentence_count(1)
        "Every line starts with a capital",
        "Each sentence is short",
        "Uses a word of Latin origin",  # was word_count(1)
        "Uses one word from the list",  # was word_count(1)
        "Contains a word of three syllables",  # was word_count(1)
        # A count and something more that the count check does not measure.
        "Each of the three lines rhymes",  # was line_count(3): passed without any rhyme
        "Exactly three lines that rhyme",  # was line_count(3)
        "Three sentences, each under 10 words",  # was sentence_count(3)
        "At most one word per line",  # was word_count(max=1)
        "Has at least two sentences with a verb",  # was sentence_count(min=2)
        "Contains at least two sensory details about the sea",  # was sensory_details(2)
        # A bound the sensory word list cannot confirm (it finds some sensory details, never all).
        "At most two sensory details",  # was sensory_details(min=1)
        "Exactly two sensory details",  # was sensory_details(min=2)
        # A scope the contains check does not measure.
        "Every line mentions the sea",  # was contains(["the sea"]) over the whole text
    ],
)
def test_a_criterion_that_asks_for_more_than_a_count_is_not_judged(criterion: str) -> None:
    assert interpret(Criterion(criterion, 1)) is None


@pytest.mark.parametrize(
    ("criterion", "check", "scope"),
    [
        ("Each paragraph has three sentences", "sentence_count", "each paragraph"),
        ("Each line has at most 5 words", "word_count", "each line"),
        ("Every sentence has fewer than 20 words", "word_count", "each sentence"),
        ("The subject line is under 50 characters", "character_count", "subject line"),
    ],
)
def test_a_count_of_each_part_is_judged_on_each_part(criterion: str, check: str, scope: str) -> None:
    """Issue 38: these were n/a (the count was once taken over the whole text); each part is now counted alone."""
    spec = interpret(Criterion(criterion, 1))
    assert spec is not None and spec.check == check and spec.params["scope"] == scope


def test_every_single_sentence_is_reported_as_not_judged_by_the_offline_grader() -> None:
    from rubric_core.checks.phrasing import plan
    from rubric_core.models.offline import _verdict

    criterion = Criterion("Uses every single sentence wisely", 1)
    verdict = _verdict(criterion, plan(criterion), Draft(text="One. Two. Three. Four."), None)
    assert interpret(criterion) is None
    assert verdict["passed"] is False and verdict["verdict"] == "n/a"
    assert verdict["gap"].startswith("An offline grader cannot judge this criterion: it asks for a count and more")
    assert verdict["check"]["kind"] == "cannot_judge"


@pytest.mark.parametrize(
    ("criterion", "check", "params"),
    [
        ("Has exactly three lines", "line_count", {"min": 3, "max": 3}),
        ("Is three lines long", "line_count", {"min": 3, "max": 3}),
        ("Written in a single line", "line_count", {"min": 1, "max": 1}),
        ("A one-sentence summary", "sentence_count", {"min": 1, "max": 1}),
        ("Is a single sentence", "sentence_count", {"min": 1, "max": 1}),
        ("At least fifty words", "word_count", {"min": 50, "max": None}),
        ("Between 20 and 40 words", "word_count", {"min": 20, "max": 40}),
        ("150 words or fewer", "word_count", {"min": None, "max": 150}),  # was exactly 150
        ("3 lines or more", "line_count", {"min": 3, "max": None}),  # was exactly 3
        ("No longer than 100 words", "word_count", {"min": None, "max": 100}),  # was not judged
        ("Contains two sensory details", "sensory_details", {"min": 2}),
        (
            "Explicitly mentions the deadline",
            "contains",
            {"terms": [], "mode": "all", "literal": [], "patterns": ["deadline"]},
        ),
    ],
)
def test_plain_counts_are_still_read(criterion: str, check: str, params: dict) -> None:
    spec = interpret(Criterion(criterion, 1))
    assert spec is not None and spec.check == check and spec.params == params


def test_contains_accepts_a_regular_plural_beyond_s_and_es() -> None:
    assert check_contains("She told two stories.", terms=["story"]).passed
    assert check_contains("The leaves fell.", terms=["leaf"]).passed
    assert not check_contains("The stock market fell.", terms=["story"]).passed


def test_the_criteria_doc_states_every_check_and_every_pattern_kind() -> None:
    """rubric_core/checks/CRITERIA.md (docs/CRITERIA.md, the Run page) names each check, each kind of content
    with what counts as an instance, and the rules for n/a, absence, position and topics."""
    from rubric_core.checks import CRITERIA_DOC
    from rubric_core.checks.evaluation import _CODE_CHECKS, _TEXT_CHECKS
    from rubric_core.checks.patterns import PATTERNS

    doc = CRITERIA_DOC.read_text(encoding="utf-8")
    rows = [line for line in doc.splitlines() if line.startswith("| ")]
    for pattern in PATTERNS.values():
        assert any(row.startswith(f"| {pattern.label} |") for row in rows), pattern.label
    shown = {
        "line_count": "line count",
        "sentence_count": "sentence count",
        "word_count": "word count",
        "paragraph_count": "paragraph count",
        "character_count": "character count",
        "syllables_per_line": "syllables per line",
        "contains": "Mentions",
        "not_contains": "Does not mention",
        "regex": "| regex |",
        "json_valid": "| JSON |",
        "markdown_sections": "Markdown sections",
        "topic": "Is about",
        "sensory_details": "sensory details",
        "python_tests": "Python tests",
        "python_defines": "Python function",
        "python_class": "Python class",
        "python_syntax": "Python syntax",
        "python_docstrings": "Docstrings",
        "list_of": "## Lists",
        "marked_count": "| code blocks, test functions, slides |",
        "sql": "## SQL",
        "json_key": "## JSON keys",
        "part": "## A title, a greeting by name, a quotation",
        "named_tokens": "## A criterion no check reads",
        "evidence": "### Evidence for the criterion's object",
        "layout": "## Layout facts",
        "python_type_hints": "| Type hints |",
        "python_has_tests": "| Tests in the code |",
    }
    assert set(shown) == set(_TEXT_CHECKS) | set(_CODE_CHECKS)
    for check, words in shown.items():
        assert words in doc, check
    for heading in (
        "## What is n/a",
        "## Absence",
        "## Position",
        "## Topic",
        "## Kinds of content",
        "## Same meaning, other spelling",
        "## Framing",
        "## Echoed instructions",
        "## Criteria that cannot both hold",
    ):
        assert heading in doc
