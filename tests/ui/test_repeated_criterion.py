"""A criterion written twice (issue 40, second first-user pass): graded twice, drawn as one heatmap row beside two
table rows, and not reviewable on Review. A new run with one is refused at Start, saying which line repeats."""

from __future__ import annotations

from rubric_core.store import Store
from tests.core.helpers import run_cli
from tests.ui.helpers import start_button
from tests.ui.test_editor_validation import _editor_with_example

RUBRIC = "- Exactly three lines\n- Is about spring\n- exactly  three lines"
SAID = 'Criterion "exactly  three lines" is written twice (lines 1 and 3): remove one.'


def test_start_refuses_a_rubric_with_a_repeated_criterion_beside_the_field(store: Store) -> None:
    at = _editor_with_example()
    at.text_area(key="run_rubric").set_value(RUBRIC).run()
    start_button(at).click().run()
    assert not at.exception
    assert any(SAID in e.value for e in at.error), [e.value for e in at.error]
    assert not at.query_params.get("run") and store.count_runs() == 0


def test_the_command_line_refuses_it_too_before_anything_is_stored(store: Store) -> None:
    done = run_cli("run", "--task", "Write a haiku about spring.", "--rubric", RUBRIC)
    assert done.returncode == 2 and SAID in done.stderr and "Traceback" not in done.stderr, done.stderr
    assert store.count_runs() == 0


def test_a_suite_with_a_repeated_criterion_is_refused_at_its_start_too(store: Store) -> None:
    from rubric_core.suites import suite_store as ss
    from tests.ui.test_suites_page import suites_page

    at = suites_page()
    at.text_area(key="suites_rubric").set_value(RUBRIC)
    at.button(key="suites_start").click().run()
    assert not at.exception
    assert any(SAID in e.value for e in at.error), [e.value for e in at.error]
    assert ss.list_suite_runs(store) == [] and not at.query_params.get("suite")


def test_the_command_lines_suite_run_refuses_it_before_anything_is_stored(store: Store, tmp_path) -> None:
    from rubric_core.suites import suite_store as ss

    (tmp_path / "ds.jsonl").write_text('{"task": "Write a haiku about spring."}\n', encoding="utf-8")
    (tmp_path / "rubric.md").write_text(RUBRIC + "\n", encoding="utf-8")
    done = run_cli(
        "suite", "run", "--dataset", str(tmp_path / "ds.jsonl"), "--rubric-file", str(tmp_path / "rubric.md")
    )
    assert done.returncode == 2 and SAID in done.stderr and "Traceback" not in done.stderr, done.stderr
    assert ss.list_suite_runs(store) == [] and store.count_runs() == 0
