"""The Assistant page (issue 31): diagnose, findings with their cells, prove, accept, fitness; in AppTest."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.core.assistant_seed import NAME, fix_split, review_all, seed_runs

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = tmp_path_factory.mktemp("assistant_page") / "home"
    home.mkdir()
    seed_runs(home)
    review_all(home)
    fix_split(home)
    return home


def _page(seeded: Path, home: Path) -> AppTest:
    shutil.copytree(seeded, home, dirs_exist_ok=True)
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120).run()
    at.switch_page("rubric_ui/app_pages/assistant.py").run()
    assert not at.exception
    return at


def _html(at: AppTest) -> str:
    return " ".join(str(m.value) for m in at.markdown) + " ".join(h.proto.body for h in at.get("html"))


def _fitness_lines(at: AppTest) -> list[str]:
    return [str(m.value) for m in at.markdown if 'class="as-fitness"' in str(m.value)]


def test_diagnose_prove_and_accept_on_the_page(seeded: Path, home: Path) -> None:
    at = _page(seeded, home)
    fitness_before = _fitness_lines(at)
    assert fitness_before and "**v1: " in fitness_before[0]
    at.button(key="assistant_diagnose").click().run()
    assert not at.exception
    # Issue 40: one fitness figure, defined one way: a diagnosis (which stores the split) does not change it.
    assert _fitness_lines(at) == fitness_before
    page = _html(at)
    assert 'data-kind="disagrees_accepts"' in page and 'data-kind="compound"' in page and 'data-kind="vague"' in page
    assert page.index('data-kind="disagrees_accepts"') < page.index('data-kind="vague"')  # false acceptances first
    # The cells behind a finding open their run at the iteration and the criterion (issue 40).
    assert re.search(r"\(\./\?run=[0-9a-f]+&it=\d+&crit=4\)", page), "a cell of 'At most 150 words' (criterion 4)"
    captions = " ".join(str(c.value) for c in at.caption)
    assert "A person failed" in captions and "reviewed cells a person failed" not in captions
    from rubric_core.store import open_store
    from rubric_core.store.assistant import list_proposals

    store = open_store()
    threshold = next(p["id"] for p in list_proposals(store, NAME, 1) if p["kind"] == "threshold")
    store.close()
    prove_key = next(b.key for b in at.button if b.key.startswith(f"as_{threshold}_") and b.key.endswith("_prove"))
    assert at.button(key=prove_key).label == "Prove it on held-out reviews"
    at.button(key=prove_key).click().run()
    assert not at.exception
    page = _html(at)
    assert 'data-outcome="better"' in page and "held-out" in page
    assert at.button(key=prove_key).label == "Prove again"  # not the label of before the proof (issue 40)
    accept_key = prove_key.replace("_prove", "_accept")
    at.button(key=accept_key).click().run()
    assert not at.exception
    assert any("as version 2 with its proof" in s.value for s in at.success)
    # The pooled kappa of v2 is a gate's, but "Is short" is mostly n/a: said, and never rated a gate (issue 40).
    v2 = next(line for line in _fitness_lines(at) if "**v2: " in line)
    assert 'data-band="monitoring"' in v2 and "could not judge" in v2 and "a gate must judge every criterion" in v2


def test_the_run_editor_drafts_a_rubric_the_author_edits_and_uses() -> None:
    """Issue 31 item 1: "Draft a rubric" in the editor: each line with its check, keep / edit / remove, draft
    again with a note, then the kept lines fill the rubric field."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60).run()
    at.text_area(key="run_task").set_value(
        "Write a friendly announcement of the LockPro X bike lock in under 120 words, with a call to action. "
        "It costs $49."
    ).run()
    at.button(key="run_draft_go").click().run()
    assert not at.exception
    lines = [t.value for t in at.text_input if t.key and t.key.startswith("run_draft_text_1_")]
    assert lines[0] == "Fewer than 120 words" and "Includes a call to action" in lines
    captions = " ".join(c.value for c in at.caption)
    assert "check: word count" in captions and "why: " in captions
    assert any("Left to an LLM grader" in str(m.value) for m in at.markdown)
    assert any("Is friendly" in c.label for c in at.checkbox)
    at.text_input(key="run_draft_text_1_1").set_value("Mentions the price $49")
    at.checkbox(key="run_draft_keep_1_0").uncheck()
    at.button(key="run_draft_use").click().run()
    assert not at.exception
    rubric = at.text_area(key="run_rubric").value
    assert rubric.startswith("- Mentions the price $49\n") and "Fewer than 120 words" not in rubric
    at.text_input(key="run_draft_note").set_value("add a greeting").run()
    at.button(key="run_draft_again").click().run()
    assert not at.exception
    again = [t.value for t in at.text_input if t.key and t.key.startswith("run_draft_text_2_")]
    assert again[0] == "Mentions the price $49" and "Fewer than 120 words" not in again  # edits and removals kept
    assert again[-1] == "Starts with a greeting"
