"""Issue 40 item 2: the Runs table's task labels tell runs apart (rubric_core/views/task_labels.py)."""

from __future__ import annotations

from rubric_core.views.task_labels import task_labels


def test_a_long_shared_opening_gives_way_to_where_the_tasks_differ() -> None:
    tasks = [
        "Write a short poem about a kettle on the stove.",
        "Write a short poem about a bridge in fog.",
        "Summarize photosynthesis in one sentence.",
    ]
    assert task_labels(tasks, width=20) == [
        "…a kettle on the stove.",
        "…a bridge in fog.",
        "Summarize photosynthesis in one sentence.",
    ]


def test_a_difference_the_column_shows_anyway_keeps_the_start() -> None:
    tasks = ["Write a haiku about spring.", "Write a haiku about autumn leaves."]
    assert task_labels(tasks, width=28) == tasks
    assert task_labels(tasks, width=10) == ["…about spring.", "…about autumn leaves."]


def test_the_same_task_twice_and_a_short_shared_opening_keep_their_start() -> None:
    same = ["Write a haiku about spring.", "Write a haiku  about spring."]
    assert task_labels(same, width=5) == ["Write a haiku about spring.", "Write a haiku about spring."]
    short = ["Write a limerick.", "Write a sonnet about the sea and its many moods."]
    assert task_labels(short, width=5) == ["Write a limerick.", "Write a sonnet about the sea and its many moods."]


def test_a_task_that_is_the_opening_of_another_keeps_its_start() -> None:
    tasks = ["Write a short poem about a kettle", "Write a short poem about a kettle on the stove."]
    assert task_labels(tasks, width=10) == ["Write a short poem about a kettle", "…kettle on the stove."]
