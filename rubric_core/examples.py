"""Bundled examples: a task, a rubric and settings, plus the offline writer's script.

Each runs offline to a sensible end through the real middleware: most reach
`satisfied` after one or two revisions; `lipogram` shows
`max_iterations_reached`.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Example:
    """A bundled example run."""

    name: str
    """Identifier used by `--example NAME` and the dashboard."""

    title: str
    """One-line description shown in pickers."""

    task: str
    """The user message given to the working agent."""

    rubric: str
    """The rubric text."""

    max_iterations: int = 3
    """Iteration cap for this example."""

    grader_tools: tuple[str, ...] = ()
    """Catalogue tools given to the grader."""

    drafts: tuple[str, ...] = ()
    """The offline writer's answer after 0, 1, 2... grader feedback messages (the last repeats)."""

    file_path: str = ""
    """When set, the offline writer first writes the matching `file_drafts` entry to this path."""

    file_drafts: tuple[str, ...] = field(default=())
    """File contents after 0, 1, 2... feedback messages."""

    expected_status: str = "satisfied"
    """How the example ends offline (checked by the tests)."""

    agent_tool: str = ""
    """A tool of the user's agent the offline writer calls with its code before saving it, when it is bound
    (examples/fixer's check_syntax), so the transcript shows the agent's own tool at work."""


_FIND_DUPLICATES_V1 = '''def find_duplicates(lst):
    """Return the elements that occur more than once, in order of first appearance."""
    seen = set()
    duplicates = []
    for item in lst:
        if item in seen and item not in duplicates:
            duplicates.append(item)
        seen.add(item)
    return duplicates
'''

_FIND_DUPLICATES_V2 = '''def find_duplicates(lst):
    """Return the elements that occur more than once, in order of first appearance.

    Compares with == rather than hashing, so unhashable elements such as
    lists and dicts work too.
    """
    seen = []
    duplicates = []
    for item in lst:
        if item in seen:
            if item not in duplicates:
                duplicates.append(item)
        else:
            seen.append(item)
    return duplicates
'''

EXAMPLES: dict[str, Example] = {
    e.name: e
    for e in (
        Example(
            name="haiku",
            title="A spring haiku: three lines, 5-7-5, about spring",
            task="Write a haiku about spring.",
            rubric="- Exactly three lines\n- Follows a 5-7-5 syllable pattern\n- Is about spring",
            drafts=(
                "Cherry blossoms drift\nacross the quiet garden pond\nsoft rain on new leaves\nthe robins return",
                "Cherry blossoms drift\nacross the quiet garden pond\nsoft rain on new leaves",
                "Cherry blossoms drift\nacross the still garden pond\nsoft rain wakes the buds",
            ),
        ),
        Example(
            name="photosynthesis",
            title="A one-sentence summary of photosynthesis that mentions light and chlorophyll",
            task="Summarize photosynthesis in one sentence.",
            rubric="- Exactly one sentence\n- Mentions light and chlorophyll",
            drafts=(
                "Photosynthesis is how plants make their food. They take in sunlight, water and carbon "
                "dioxide and turn them into glucose and oxygen.",
                "Photosynthesis is the process in which chlorophyll in a plant's leaves captures light "
                "energy and uses it to turn water and carbon dioxide into glucose and oxygen.",
            ),
        ),
        Example(
            name="find-duplicates",
            title="Python find_duplicates(lst), graded by running tests (unhashable elements included)",
            task=(
                "Write a Python function find_duplicates(lst) that returns the elements appearing more than "
                "once in lst, each once, in order of first appearance. Save it to /find_duplicates.py."
            ),
            rubric=(
                "- Defines a function find_duplicates(lst)\n"
                "- Passes these tests (use the run_python_tests tool):\n"
                "  ```python\n"
                "  assert find_duplicates([1, 2, 2, 3, 3, 3]) == [2, 3]\n"
                "  assert find_duplicates([]) == []\n"
                '  assert find_duplicates(["a", "b", "a", "c"]) == ["a"]\n'
                "  assert find_duplicates([[1], [2], [1]]) == [[1]]\n"
                '  assert find_duplicates([{"k": 1}, {"k": 1}, 3]) == [{"k": 1}]\n'
                "  ```"
            ),
            grader_tools=("python_tests",),
            file_path="/find_duplicates.py",
            file_drafts=(_FIND_DUPLICATES_V1, _FIND_DUPLICATES_V2),
            drafts=(
                "I wrote find_duplicates to /find_duplicates.py. It remembers seen items in a set and "
                "collects each repeated item once, keeping the order of first appearance.",
                "I rewrote /find_duplicates.py so it compares items with == instead of hashing them: "
                "lists and dicts now work, and the order of first appearance is kept.",
            ),
        ),
        Example(
            name="lipogram",
            title="An ocean paragraph without the letter e (at its cap of 3 iterations, it ends unsatisfied)",
            task=(
                "Write a paragraph of three to four sentences about the ocean without using the letter e, "
                "with at least two sensory details."
            ),
            rubric=(
                '- Does not contain the letter "e"\n- Contains at least two sensory details\n- Three to four sentences'
            ),
            drafts=(
                "The ocean is vast and blue. Waves crash against the shore all night.",
                "A vast gray gulf rolls toward land. Gulls cry as a salty wind blows. Cold foam slaps at "
                "rocks on the sand.",
                "A vast gray gulf rolls toward land. Gulls cry as a salty wind blows. Cold foam slaps at "
                "rocks and sand. Waves hiss back out.",
            ),
            expected_status="max_iterations_reached",
        ),
        Example(
            name="report",
            title="A short status report with required sections",
            task="Write a short status report on the website migration project.",
            rubric=(
                "- Has sections: Summary, Progress, Risks, Next steps\n- At most 150 words\n- Mentions the deadline"
            ),
            drafts=(
                "# Website migration: status\n\n## Summary\nThe migration is on track.\n\n## Progress\n"
                "Content export is done and 60% of the pages are on the new platform.\n\n## Next steps\n"
                "Move the remaining pages and set up redirects.",
                "# Website migration: status\n\n## Summary\nThe migration is on track for the 15 March "
                "deadline.\n\n## Progress\nContent export is done and 60% of the pages are on the new "
                "platform.\n\n## Risks\nRedirects for old URLs are untested; search traffic could drop "
                "if they break.\n\n## Next steps\nMove the remaining pages, test every redirect, and "
                "freeze content a week before the deadline.",
            ),
        ),
    )
}


_FIXER_BUGGY = '''def find_duplicates(lst):
    """Elements of lst that appear more than once."""
    seen = set()
    duplicates = set()
    for item in lst:
        if item in seen:
            duplicates.add(item)
        seen.add(item)
    return sorted(duplicates)
'''

FIXER_TASK = (
    "Fix /find_duplicates.py: find_duplicates(lst) must return the elements that appear more than once in lst, "
    "each once, in the order they first appear, and work for unhashable items such as lists. Check the code "
    "with check_syntax before you save it."
)
"""The task of the example project examples/fixer (its run.toml has the same text; a test keeps them equal)."""

SCRIPTED: dict[str, Example] = {
    "fixer": Example(
        name="fixer",
        title="examples/fixer: the project's agent fixes find_duplicates, graded by its run_test_suite tool",
        task=FIXER_TASK,
        rubric=(
            "- All tests pass (run_test_suite)\n"
            "- An empty list gives an empty list (run_test_suite: test_empty_list)\n"
            "- Duplicates come back in first-seen order (run_test_suite: test_first_seen_order)"
        ),
        grader_tools=("run_test_suite",),
        file_path="/find_duplicates.py",
        file_drafts=(_FIXER_BUGGY, _FIND_DUPLICATES_V2),  # the bundled example's fixed version
        agent_tool="check_syntax",
        drafts=(
            "I rewrote /find_duplicates.py: it keeps the items it has seen in a set and returns the repeated "
            "ones sorted. check_syntax found no problem.",
            "Sorting lost the first-seen order and a set cannot hold lists, so /find_duplicates.py now compares items with == "
            'and keeps the first-seen order: find_duplicates(["b", "a", "b", "a"]) is ["b", "a"].',
        ),
    )
}
"""Scripts the offline writer plays for example projects' tasks; not bundled examples of the built-in agent."""


def get_example(name: str) -> Example:
    """The bundled example `name`; ValueError listing the names when unknown."""
    try:
        return EXAMPLES[name]
    except KeyError:
        msg = f"Unknown example {name!r}. Bundled examples: {', '.join(EXAMPLES)}."
        raise ValueError(msg) from None


def example_held(task: object, picked: str | None) -> str:
    """The name the Run page's example picker shows for an editor filled with `task`: the bundled example whose task
    it is, else the one `picked` (or the first). Filled from a stored run of the report example, the editor held
    its task while the picker still said haiku (after New run too)."""
    held = next((name for name, ex in EXAMPLES.items() if ex.task == task), None)
    return held or (picked if picked is not None and picked in EXAMPLES else next(iter(EXAMPLES)))


def find_example_by_task(task: str) -> Example | None:
    """The example whose task is exactly `task` (whitespace-insensitive), if any."""
    key = " ".join(task.split())
    for example in (*EXAMPLES.values(), *SCRIPTED.values()):
        if " ".join(example.task.split()) == key:
            return example
    return None
