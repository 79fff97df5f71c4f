"""A model's draft is held to the task's demands (issue 38 item 6): through the real ChatOpenAI against the loopback
stub, a model answer that inverts a ban, cuts a quote, drops a range's lower end, leaves a demand out and claims the
last words twice comes back with each fixed and said; a structural note is applied without a model call; a bad note
is refused before any call."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rubric_core.assistant.drafting import DraftInputError, draft_rubric
from tests.stubs.openai_stub import StubOpenAI, _content_text

TASK = (
    'Write a launch email for our standing desk. Do not use the word "ergonomic". Start with "Dear Ms. Alvarez". '
    "Three to five bullet points. End with a question."
)


def _brain(answers: list[dict[str, Any]], prompts: list[str]) -> Any:
    from langchain_core.messages import AIMessage

    def brain(messages: list[Any], kwargs: dict[str, Any]) -> AIMessage:
        prompts.append("\n".join(_content_text(m.content) for m in messages))
        return AIMessage(content=json.dumps(answers.pop(0)))

    return brain


def test_a_model_draft_is_held_to_the_tasks_bans_quotes_ranges_and_places(monkeypatch: pytest.MonkeyPatch) -> None:
    prompts: list[str] = []
    answers: list[dict[str, Any]] = [
        {
            "criteria": [
                {"text": 'Uses the phrase "ergonomic"', "reason": "keyword"},
                {"text": "Mentions Dear Ms", "reason": "greeting"},
                {"text": "At most 5 bullet points", "reason": "format"},
                {"text": "Ends with a question", "reason": "closing"},
                {"text": "Ends with a sign-off", "reason": "email"},
            ]
        }
    ]
    with StubOpenAI(_brain(answers, prompts)) as stub:
        monkeypatch.setenv("OPENAI_BASE_URL", stub.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", "sk-planted-drafter-0001")
        draft = draft_rubric(TASK, model="openai:gpt-4o-mini")
        assert len(stub.requests) == 1
    lines = [c.text for c in draft.criteria]
    assert 'Does not use the word "ergonomic"' in lines and not any("Uses the phrase" in x for x in lines)
    assert 'Starts with "Dear Ms. Alvarez"' in lines and "Mentions Dear Ms" not in lines
    assert "Has 3 to 5 bullet points" in lines and "At most 5 bullet points" not in lines
    assert "Ends with a question" not in lines and "The last sentence before the sign-off is a question" in lines
    assert sum(1 for w in draft.warnings if "became" in w) == 3  # each replacement is said
    assert "prohibition stays a prohibition" in prompts[0] and "sk-planted" not in json.dumps(draft.to_dict())
    # A structural note is the rules' job: no model call; a bad one is refused before any call.
    with StubOpenAI(_brain([], prompts)) as stub:
        monkeypatch.setenv("OPENAI_BASE_URL", stub.base_url)
        removed = draft_rubric(TASK, model="openai:gpt-4o-mini", note="remove 1", previous=draft)
        assert [c.text for c in removed.criteria] == lines[1:]
        with pytest.raises(DraftInputError, match="no criterion 40"):
            draft_rubric(TASK, model="openai:gpt-4o-mini", note="remove 40", previous=draft)
        assert stub.requests == []
