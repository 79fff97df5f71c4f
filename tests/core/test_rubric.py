from rubric_core.rubric import lint_rubric, parse_criteria


def test_bullets_attachments_and_prose() -> None:
    rubric = (
        "Grade the poem.\n"
        "- Exactly three lines\n"
        "- Passes these tests:\n"
        "  ```python\n"
        "  assert f() == 1\n"
        "  ```\n"
        "Some prose in between.\n"
        "* Is about spring\n"
        "1. At most 20 words\n"
    )
    criteria = parse_criteria(rubric)
    assert [c.text for c in criteria] == [
        "Exactly three lines",
        "Passes these tests:",
        "Is about spring",
        "At most 20 words",
    ]
    assert criteria[1].attachment == "assert f() == 1"
    assert criteria[0].line == 2


def test_no_bullets_reads_one_criterion_per_line() -> None:
    assert [c.text for c in parse_criteria("Three lines\n\nAbout spring\n")] == ["Three lines", "About spring"]
    assert any(w.kind == "no_bullets" for w in lint_rubric("Three lines\nAbout spring"))


def test_lint_finds_duplicates_bundles_vague_and_long() -> None:
    rubric = "- Exactly three lines\n- exactly three lines.\n- A good and nice and witty poem\n- " + "x" * 400
    kinds = {(w.line, w.kind) for w in lint_rubric(rubric)}
    assert (2, "duplicate") in kinds
    assert (3, "bundled") in kinds
    assert (3, "vague") in kinds
    assert (4, "too_long") in kinds
    assert not lint_rubric("- Exactly three lines\n- Mentions light")
