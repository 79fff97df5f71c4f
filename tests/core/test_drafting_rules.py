"""The offline drafter (issue 38 item 6): every constraint the task states kept, never inverted, quotes whole, ranges
as ranges, conflicting pairs reconciled; notes in plain words; and its inputs checked first (issue 41 item 5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rubric_core.assistant.drafting import DraftInputError, amend_rubric, draft_rubric
from rubric_core.cli.main import main


def _all(d: object) -> list[str]:
    return [c.text for c in (*d.criteria, *d.left_to_llm)]  # type: ignore[attr-defined]


def test_the_issues_examples_keep_their_negation_quote_range_and_every_constraint() -> None:
    desk = draft_rubric(
        'Write a product description for our standing desk. Do not use the word "ergonomic". Three to five bullet '
        "points, each one sentence."
    )
    lines = _all(desk)
    assert 'Does not use the word "ergonomic"' in lines and not any("Uses the phrase" in x for x in lines)
    assert "Has 3 to 5 bullet points" in lines and "Each bullet point is exactly 1 sentence" in lines
    assert "Exactly 1 sentence" not in lines  # the whole text is not one sentence
    alvarez = draft_rubric(
        'Write a cover letter for Ms. Alvarez. Start with "Dear Ms. Alvarez" and keep it under 300 words. Do not mention the moon.'
    )
    assert 'Starts with "Dear Ms. Alvarez"' in _all(alvarez) and "Mentions Dear Ms" not in _all(alvarez)
    assert "Does not mention the moon" in _all(alvarez) and "Fewer than 300 words" in _all(alvarez)


def test_the_roamly_email_keeps_the_trial_and_never_proposes_a_question_and_a_sign_off_for_the_last_words() -> None:
    d = draft_rubric(
        "Write a launch email for a budget travel app called Roamly. Under 150 words, mention the 30-day free trial "
        "and the price of $4.99/month, end with a question."
    )
    rubric = [c.text for c in d.criteria]
    assert "Mentions the 30-day free trial" in rubric and "Mentions $4.99/month" in rubric
    assert "Ends with a sign-off" in rubric and "Ends with a question" not in _all(d)
    assert "The last sentence before the sign-off is a question" in _all(d)


def test_a_required_phrase_longer_than_the_word_limit_is_kept_whole_and_the_limit_held_back() -> None:
    d = draft_rubric(
        'Title for my blog post. Max 5 words, and it has to include "The Complete Beginner\'s Guide to Sourdough".'
    )
    assert 'Includes "The Complete Beginner\'s Guide to Sourdough"' in [c.text for c in d.criteria]
    assert [c.text for c in d.held_back] == ["At most 5 words"]
    assert any("6 words" in w for w in d.warnings)


def test_a_subject_only_task_gets_its_subject_and_nothing_invented() -> None:
    d = draft_rubric("tidal locking")
    assert _all(d) == ["Is about tidal locking"]


@pytest.mark.parametrize(
    ("rubric", "note", "expected"),
    [
        (["mentions moving the call to Thursday", "ends with a sign-off"], "add a greeting", "Starts with a greeting"),
        (
            ["mentions the office in Leeds", "contains no hashtags"],
            "add a call to action at the end",
            "Ends with a call to action",
        ),
        (
            ["is between 50 and 80 words", "does not mention the price"],
            "make it stricter",
            "is between 55 and 75 words",
        ),
        (
            ["mentions the venue", 'ends with "Thanks, Lee"'],
            "also it must end with a question",
            'The last sentence before the sign-off "Thanks, Lee" is a question',
        ),
    ],
)
def test_notes_in_plain_words_map_to_criteria_and_keep_the_rest(rubric: list[str], note: str, expected: str) -> None:
    d = amend_rubric("Email to Sam about the office move.", rubric, note)
    lines = [c.text for c in d.criteria]
    assert expected.lower() in [x.lower() for x in lines], lines
    assert all(x in lines for x in rubric if "between" not in x)  # untouched lines stay word for word
    assert d.message


def test_remove_and_nonsense_notes() -> None:
    rubric = ["is under 100 words", "mentions the 3 pm start", 'ends with "Thanks, Lee"']
    assert [c.text for c in amend_rubric("Invite the team.", rubric, "   REMOVE 2.  ").criteria] == [
        rubric[0],
        rubric[2],
    ]
    for note, words in (
        ("remove 0", "numbered from 1"),
        ("remove -1", "numbered from 1"),
        ("remove 99", "has 3"),
        ("remove 99999999999999999999999", "has 3"),
        ("remove", "which criterion"),
        ("remove all", "empty rubric"),
        ("make it sparkle", "cannot turn"),
        ("", "empty"),
        ("add a greeting\x00", "NUL"),
        ("remove\x08 2", "control character"),
        ("add a greeting and " * 60, "at most 1,000"),
    ):
        with pytest.raises(DraftInputError, match=words):
            amend_rubric("Invite the team.", rubric, note)


@pytest.mark.parametrize(
    ("task", "words"),
    [
        ("Write a poem\x00 about cats.", "NUL"),
        ("Write a tweet about green tea.\x1b[2J", "escape"),
        ('Write an email that ends with "\u202eseY kooL".', "bidirectional"),
        ('Banner that includes the phrase "Buy\u200bNow".', "zero-width"),
        ("Write a poem about \ud83d the sea.", "surrogate"),
        ("https://example.com/brief.docx", "no words"),
        ("?!?! ... ---", "no words"),
        ("Write a blog post about cats. " * 1000, "at most 20,000"),
        ("   \n ", "empty"),
    ],
)
def test_bad_tasks_are_refused_with_the_reason(task: str, words: str) -> None:
    with pytest.raises(DraftInputError, match=words):
        draft_rubric(task)


def test_awkward_but_valid_tasks_are_drafted() -> None:
    assert any("Gus" in x for x in _all(draft_rubric("\ufeffWrite a limerick about a goat named Gus.")))
    crlf = _all(draft_rubric("Product blurb for a kettle.\r\n- under 50 words\r\n- mention the 1.7 L capacity\r\n"))
    assert "Fewer than 50 words" in crlf and any("1.7 L" in x for x in crlf)
    unclosed = draft_rubric('Write a tweet that includes "launch day and is under 200 characters.')
    assert any("never closed" in w for w in unclosed.warnings)
    assert not any("launch day and is under" in x for x in _all(unclosed))


def test_the_command_line_refuses_bad_drafting_input_with_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    task = tmp_path / "task.md"
    task.write_text("Write an invitation to Friday's team workshop. Keep it under 100 words.", encoding="utf-8")
    nul = tmp_path / "nul.md"
    nul.write_bytes(b"Write a poem\x00 about cats.")
    cases = [
        (["--task-file", str(nul)], "NUL"),
        (["--task-file", str(task), "--note", "remove 0"], "numbered from 1"),
        (["--task-file", str(task), "--note", "remove 99"], "no criterion 99"),
        (["--task-file", str(task), "--note", "remove -1"], "numbered from 1"),
        (["--task-file", str(task), "--note", "make it sparkle"], "cannot turn"),
        (["--task-file", str(task), "--note", "x" * 100_000], "at most 1,000"),
        (["--task-file", str(task), "--model", "offline:nosuch"], "Unknown offline drafter"),
        (["--task-file", str(task), "--rubric-file", str(task)], "--rubric-file needs --note"),
    ]
    for args, words in cases:
        assert main(["rubric", "draft", *args]) == 2, args
        captured = capsys.readouterr()
        assert words in captured.err and captured.out == "" and "Traceback" not in captured.err, (args, captured)
    assert main(["rubric", "draft", "--task-file", str(task), "--note", "make it shorter"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# drafted by rules (note: make it shorter)\n") and "Fewer than 70 words" in out
    assert main(["rubric", "draft", "--task-file", str(task)]) == 0
    assert "(note:" not in capsys.readouterr().out
    rubric = tmp_path / "rubric.md"
    rubric.write_text("- is under 100 words\n- mentions the 3 pm start\n", encoding="utf-8")
    assert (
        main(["rubric", "draft", "--task-file", str(task), "--rubric-file", str(rubric), "--note", "add a greeting"])
        == 0
    )
    out = capsys.readouterr().out
    assert "- is under 100 words\n" in out and "- starts with a greeting\n" in out


@pytest.mark.parametrize(
    ("task", "present", "absent"),
    [
        (
            'Write a 3-paragraph cover letter for a UX designer role at Pixel & Pine. Mention Figma, don\'t mention salary, and sign off with "Sincerely, Jordan Lee".',
            [
                "Exactly 3 paragraphs",
                'Ends with the sign-off "Sincerely, Jordan Lee"',
                "Does not mention salary",
                "Mentions Pixel & Pine",
            ],
            ["Is a cover letter for an UX designer role at Pixel & Pine"],
        ),
        (
            "Write a SQL query that returns the names of customers who placed more than 3 orders in 2023.",
            [],
            ["Has at least 4 orders"],  # the data's count, not the answer's
        ),
        (
            'Haiku about a rainy Monday morning in Tokyo, without the word "umbrella".',
            ['Does not use the word "umbrella"'],
            [],
        ),
        (
            'Onboarding instructions: 5 to 8 numbered steps, each under 25 words, and the first step must be "Collect your badge."',
            [
                "Has 5 to 8 numbered steps",
                "Each numbered step is under 25 words",
                'The first step is "Collect your badge."',
            ],
            [],
        ),
        (
            "Write a product update email announcing Inkwell 2.0. Make it funny.",
            ["Mentions Inkwell 2.0", "Is funny"],
            [],
        ),
        ("Write a Python class called `Stack` with push and pop methods.", ["Defines a class Stack"], []),
        (
            "Write release notes for version 3.1: mention the new dark mode and the faster sync, but don't mention the pricing change.",
            ["Mentions the new dark mode", "Mentions the faster sync", "Does not mention the pricing change"],
            [],
        ),
    ],
)
def test_tasks_of_other_shapes(task: str, present: list[str], absent: list[str]) -> None:
    lines = _all(draft_rubric(task))
    for x in present:
        assert x in lines, (x, lines)
    for x in absent:
        assert x not in lines, (x, lines)


def test_draft_again_keeps_the_authors_edits_removals_and_additions() -> None:
    from rubric_core.assistant.draft_redraft import edited_draft, merge_edits

    task = "Write an email to Sam about the office move. Under 120 words, mention the new address, no emojis."
    shown = draft_rubric(task)
    texts = [c.text for c in shown.criteria]
    kept = {i: t for i, t in enumerate(texts) if i != 1}
    kept[0] = "Fewer than 90 words"
    added = list(shown.left_to_llm[:1])
    fresh = draft_rubric(task + " End with a question.")
    merged = [c.text for c in merge_edits(fresh, shown, kept, added).criteria]
    assert merged[0] == "Fewer than 90 words" and texts[1] not in merged and added[0].text in merged
    assert "Ends with a sign-off" in merged  # the fresh draft's own lines are there
    assert [c.text for c in edited_draft(shown, kept, added).criteria] == [kept[i] for i in sorted(kept)] + [
        added[0].text
    ]


@pytest.mark.parametrize(
    ("note", "expected"),
    [
        ("also mention the price", "mentions $4.99/month"),
        ("add the launch date", "mentions the date 3 June"),
        ("make it more formal", "is formal"),
        ("shorter please", "is under 100 words"),
        ("add something about sustainability", "mentions sustainability"),
        ("mention competitors", "mentions competitors"),  # replaces the ban it contradicts, never beside it
    ],
)
def test_more_notes_in_plain_words(note: str, expected: str) -> None:
    task = "Write a launch email for Roamly, a travel app. It costs $4.99/month. Launch on 3 June."
    rubric = ["is under 150 words", "does not mention competitors", 'ends with "Cheers, the Roamly Team"']
    lines = [c.text for c in amend_rubric(task, rubric, note).criteria]
    assert expected in lines, lines
    assert not ("mentions competitors" in lines and "does not mention competitors" in lines)
    assert 'ends with "Cheers, the Roamly Team"' in lines


def test_a_brief_written_as_fields_is_read_as_its_sentences() -> None:
    task = (
        "Blog post: how to start composting at home\nLength: 600-800 words\nTone: friendly, practical\n"
        'Audience: apartment dwellers\nMust mention: worm bins, bokashi\nAvoid: jargon, the word "easy"'
    )
    lines = _all(draft_rubric(task))
    for x in (
        "Between 600 and 800 words",
        "Mentions worm bins",
        "Mentions bokashi",
        'Does not use the word "easy"',
        "Avoids jargon",
        "Is friendly",
        "Is practical",
        "Is written for apartment dwellers",
        "Is about how to start composting at home",
    ):
        assert x in lines, (x, lines)
    numbered = _all(
        draft_rubric(
            "Task: Write a welcome email for new Pro subscribers.\nRequirements:\n1. List three features: offline "
            'mode, custom themes, priority support\n2. Do not include pricing\n3. End with "The Pixel Team"'
        )
    )
    assert {"Mentions offline mode", "Mentions custom themes", "Mentions priority support"} <= set(numbered)
    assert "Does not include pricing" in numbered and not any("task" in x.lower() for x in numbered)


def test_a_closing_question_before_a_sign_off_is_checked_offline_not_left_to_an_llm() -> None:
    """Issue 40 item 14: "The last sentence before the sign-off is a question" was listed under "Left to an LLM
    grader", unticked, though the offline grader checks the body's last sentence."""
    from rubric_core.checks.conflicts import rubric_conflicts
    from rubric_core.checks.phrasing import interpret
    from rubric_core.models._writing import Draft
    from rubric_core.models.offline import grade_criterion
    from rubric_core.rubric import parse_criteria

    d = draft_rubric("Write a launch email for a budget travel app called Roamly. End with a question.")
    line = "The last sentence before the sign-off is a question"
    assert line in [c.text for c in d.criteria] and line not in [c.text for c in d.left_to_llm]
    assert all(interpret(c) is None for c in parse_criteria("".join(f"- {x.text}\n" for x in d.left_to_llm)))
    assert rubric_conflicts(d.rubric_text()) == []
    for text in (line, 'The last sentence before the sign-off "Thanks, Lee" is a question'):
        (criterion,) = parse_criteria(f"- {text}")
        assert (
            grade_criterion(criterion, Draft("Hi Sam,\n\nRoamly is here. Ready?\n\nThanks, Lee"))["verdict"] == "pass"
        )
        assert (
            grade_criterion(criterion, Draft("Hi Sam,\n\nRoamly is here. Try it.\n\nThanks, Lee"))["verdict"] == "fail"
        )
