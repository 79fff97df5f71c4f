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
