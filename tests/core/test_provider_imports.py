"""No import race between providers (issue 42 item 2).

deepagents asks on every model call whether the model is a `ChatAnthropic` by reading
`sys.modules["langchain_anthropic.chat_models"]`; while another thread was still importing that module (an
Anthropic column's first cell), the OpenAI column's calls failed with "partially initialized module". Every
provider module a run or a matrix will use is now imported once, under the agent stack's lock, before runs start
in threads (and in each worker process). The matrix runs in a fresh `rubric-studio` process (nothing imported
yet), each provider's real client talking to its loopback stub.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rubric_core.suites.example import example_dataset, example_rubric
from tests.core.helpers import run_cli
from tests.stubs.openai_stub import StubOpenAI
from tests.stubs.provider_stubs import StubAnthropic, StubGemini, StubOllama

MODELS = ("openai:gpt-4o-mini", "anthropic:claude-haiku-4-5", "google_genai:gemini-2.5-flash", "ollama:llama3.2")
ITEMS = 4


def _files(tmp_path: Path) -> tuple[Path, Path]:
    data = tmp_path / "items.jsonl"
    data.write_text(
        "".join(json.dumps({"id": i.id, "task": i.task}) + "\n" for i in example_dataset().items[:ITEMS]),
        encoding="utf-8",
    )
    rubric = tmp_path / "rubric.md"
    rubric.write_text(example_rubric(1), encoding="utf-8")
    return data, rubric


@pytest.mark.parametrize("workers", ["0", "2"], ids=["threads", "worker-processes"])
def test_a_matrix_of_four_providers_at_once_runs_every_cell(tmp_path: Path, workers: str) -> None:
    data, rubric = _files(tmp_path)
    with StubOpenAI() as openai, StubAnthropic() as anthropic, StubGemini() as gemini, StubOllama() as ollama:
        env = {
            "RUBRIC_STUDIO_HOME": str(tmp_path / "home"),
            "RUBRIC_STUDIO_WORKERS": workers,
            "OPENAI_API_KEY": "sk-test-openai-12345678",
            "OPENAI_BASE_URL": openai.base_url,
            "ANTHROPIC_API_KEY": "sk-ant-test-12345678",
            "ANTHROPIC_BASE_URL": anthropic.address,
            "GOOGLE_API_KEY": "google-test-12345678",
            "GOOGLE_GEMINI_BASE_URL": gemini.address + "/",
            "OLLAMA_HOST": ollama.address,
        }
        argv = ["suite", "run", "--dataset", str(data), "--rubric-file", str(rubric), "--grader", "offline:grader"]
        for model in MODELS:
            argv += ["--model", model]
        done = run_cli(*argv, "--concurrency", "4", "--jsonl", env=env)
        stubs: dict[str, Any] = {"openai": openai, "anthropic": anthropic, "google_genai": gemini, "ollama": ollama}
        calls = {name: len(stub.requests) for name, stub in stubs.items()}
    records = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    ends = [r for r in records if r.get("type") == "item_finished"]
    assert "partially initialized" not in done.stdout + done.stderr, done.stderr[-3000:]
    assert "AttributeError" not in done.stdout + done.stderr, done.stderr[-3000:]
    assert len(ends) == ITEMS * len(MODELS), [r.get("type") for r in records]
    assert {e["status"] for e in ends} <= {"satisfied", "max_iterations_reached"}, [
        (e.get("column"), e["status"], e.get("message")) for e in ends if e["status"] not in ("satisfied",)
    ]
    assert all(n >= ITEMS for n in calls.values()), calls  # every provider's client was called for every item
    assert done.returncode in (0, 1), done.stderr[-3000:]


def test_providers_are_loaded_once_under_the_stack_lock_before_runs_start() -> None:
    """The loader itself: the modules deepagents peeks at through sys.modules are complete once it returns."""
    import sys

    from rubric_core.engine.stack import PROVIDER_MODULES, load_providers, providers_of

    assert providers_of(["openai:gpt-4o-mini", "offline:writer", "anthropic:claude-haiku-4-5", "nonsense"]) == {
        "openai",
        "anthropic",
    }
    load_providers({"anthropic", "openai"})
    for name in (*PROVIDER_MODULES["anthropic"], *PROVIDER_MODULES["openai"]):
        assert name in sys.modules
    assert sys.modules["langchain_anthropic.chat_models"].ChatAnthropic is not None


def test_a_gemini_model_takes_its_endpoint_from_google_gemini_base_url_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Gemini provider had no endpoint variable and read the environment's `_` instead: a shell sets it to the
    program's path, so every Gemini call from a terminal went to "/usr/bin/python" ("missing an 'http://'")."""
    from rubric_core.models.providers import build_chat_model, parse_model_spec

    spec = parse_model_spec("google_genai:gemini-2.5-flash")
    monkeypatch.setenv("_", "/usr/bin/python3")
    model = build_chat_model(spec, keys={"GOOGLE_API_KEY": "google-test-12345678"})
    assert model.base_url in (None, "")
    monkeypatch.setenv("GOOGLE_GEMINI_BASE_URL", "http://127.0.0.1:9/")
    assert build_chat_model(spec, keys={"GOOGLE_API_KEY": "google-test-12345678"}).base_url == "http://127.0.0.1:9/"
