"""A suite tells infrastructure failures from quality results: `finished_with_errors`, exit 1 naming the items,
and `suite resume` runs them again. An item the config check refuses is named before anything is stored."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rubric_core.cli.main import main
from rubric_core.config import RunConfig
from rubric_core.engine import Engine
from rubric_core.execution.manager import RunManager
from rubric_core.store import Store
from rubric_core.suites import suite_store as ss
from rubric_core.suites.datasets import Dataset, SuiteItem
from rubric_core.suites.runner import SuiteRunner
from tests.stubs.openai_stub import StubOpenAI

RUBRIC = "- Exactly three lines\n- Mentions spring\n"


def _dataset(tmp_path: Path, n: int = 2) -> Path:
    path = tmp_path / "d.jsonl"
    path.write_text(
        "".join(
            json.dumps({"id": f"item-{i}", "task": f"Write a haiku about spring, take {i}."}) + "\n" for i in range(n)
        ),
        encoding="utf-8",
    )
    (tmp_path / "r.md").write_text(RUBRIC, encoding="utf-8")
    return path


def test_a_grader_outage_is_not_a_quality_result_and_resume_reruns_the_items(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], store: Store
) -> None:
    data = _dataset(tmp_path)
    with StubOpenAI(status=500) as stub:
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test-key-12345678")
        monkeypatch.setenv("OPENAI_BASE_URL", stub.base_url)
        argv = ["suite", "run", "--dataset", str(data), "--rubric-file", str(tmp_path / "r.md")]
        code = main([*argv, "--grader", "openai:gpt-4o-mini", "--jsonl"])
        out, err = capsys.readouterr()
        assert code == 1, err
        summary = json.loads(out.splitlines()[-1])
        suite_id = summary["suite_run_id"]
        assert summary["status"] == "finished_with_errors"
        assert {p["item_id"] for p in summary["without_result"]} == {"item-0", "item-1"}
        assert all(p["status"] == "grader_error" and "HTTP 500" in p["message"] for p in summary["without_result"])
        assert "finished with errors" in err and "item-0 (grader_error" in err
        assert f"suite resume {suite_id}" in err and "Traceback" not in err
        suite = ss.get_suite_run(store, suite_id)
        assert suite is not None and suite["status"] == "finished_with_errors"
        # The CI gate does not count an outage as a pass rate either way: `suite show` says the same.
        assert main(["suite", "show", suite_id]) == 1
        assert "finished with errors" in capsys.readouterr().err
        # The provider is back: resume runs the two items again, and the suite now has its results.
        stub.status = 200
        assert main(["suite", "resume", suite_id]) == 0, capsys.readouterr().err
    suite = ss.get_suite_run(store, suite_id)
    assert suite is not None and suite["status"] == "finished"
    statuses = [i["run_status"] for i in ss.suite_items(store, suite_id)]
    assert len(statuses) == 2 and set(statuses) <= set(ss.RESULT_STATUSES), statuses


def test_an_item_refused_by_the_config_check_does_not_leave_the_suite_finished(engine: Engine, store: Store) -> None:
    """A suite stored with an item the run config refuses (stored before the check existed): resume must not
    raise in a thread and call the suite finished with the item pending for ever."""
    config = RunConfig.from_dict({"task": "(each item's task)", "rubric": RUBRIC})
    items = (SuiteItem("ok", "Write a haiku about spring."), SuiteItem("too-long", "x" * 300_000))
    suite_id = ss.create_suite_run(store, Dataset("mixed", items), config)
    ss.set_suite_status(store, suite_id, "cancelled")
    handle = SuiteRunner(RunManager(engine, store)).resume(suite_id)
    assert handle.wait(300)
    suite = ss.get_suite_run(store, suite_id)
    assert suite is not None and suite["status"] == "finished_with_errors"
    finished = [e for e in handle.events if e["type"] == "item_finished"]
    statuses = {e["item_id"]: e["status"] for e in finished}
    assert statuses["too-long"] == "error" and statuses["ok"] in ss.RESULT_STATUSES, statuses
    refused = next(e for e in finished if e["item_id"] == "too-long")
    assert "the limit is" in refused["message"]
    assert handle.events[-1]["without_result"] == ["too-long"]


def test_the_runner_refuses_a_dataset_with_an_item_the_config_check_refuses(engine: Engine, store: Store) -> None:
    config = RunConfig.from_dict({"task": "(each item's task)", "rubric": RUBRIC})
    items = (SuiteItem("ok", "Write a haiku."), SuiteItem("nul", "Write\x00 a haiku."))
    with pytest.raises(ValueError, match=r"item 'nul': .*NUL"):
        SuiteRunner(RunManager(engine, store)).start(Dataset("bad", items), config)
    assert ss.list_suite_runs(store) == []
