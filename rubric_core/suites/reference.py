"""An item's reference answer, shown to the grader (never to the working agent) through its system prompt."""

from __future__ import annotations

REFERENCE_NOTE = (
    "\n\nA reference answer for this task follows between <reference> tags. It shows one acceptable answer; "
    "use it to judge the criteria, and do not require the work to copy it.\n<reference>\n{reference}\n</reference>"
)


def grader_prompt_with_reference(grader_prompt: str, reference: str, *, library_default: bool = True) -> str:
    """The grader prompt (the library's default when empty) followed by the item's reference answer.

    `library_default=False` leaves the library's default out (an empty prompt stays empty before the note): for
    checking an item only, since reading the default imports the agent stack, seconds in a dashboard whose runs
    go to worker processes, and the default holds nothing a check refuses.
    """
    if not reference.strip():
        return grader_prompt
    base = grader_prompt
    if not base.strip() and library_default:
        from rubric_core.engine.stack import library_grader_prompt

        base = library_grader_prompt()  # read from the library's source: no agent stack in this process
    return base + REFERENCE_NOTE.format(reference=reference)
