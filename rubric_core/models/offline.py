"""The embedded offline models: deterministic, no network, no key.

`OfflineWriter` is the working model and `OfflineGrader` the grader. Both are
chat models plugged into the real `create_deep_agent` + `RubricMiddleware`
loop; neither re-implements any part of it.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any, ClassVar

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage

from rubric_core.checks.catalogue import TOOL_FUNCTION_NAMES
from rubric_core.checks.described import record_for_plan
from rubric_core.checks.phrasing import CheckPlan, Draft, contradictions, evaluate
from rubric_core.checks.phrasing import grading_plan as plan
from rubric_core.checks.tool_evidence import ToolReference, call_id, tool_call, tool_reference
from rubric_core.checks.tool_evidence import verdict as tool_verdict
from rubric_core.examples import find_example_by_task
from rubric_core.models import _writing
from rubric_core.models._chat import ToolCallingChatModel, bound_tool_names, bound_tool_schemas, text_of
from rubric_core.models._payload import draft_from_transcript, parse_payload
from rubric_core.models._wants import NA_GAP_START
from rubric_core.models.notice import OFFLINE_DRAFT_NOTICE, WRITER_NOTICE_KEY
from rubric_core.rubric import Criterion, parse_criteria

GRADER_SOURCE = "rubric_grader"
CANNOT_JUDGE_GAP = (
    NA_GAP_START + ": {reason}. "
    "Rephrase it as one of the phrasings it understands (listed under the rubric on the Run page, and in "
    "docs/CRITERIA.md) or use an LLM grader."
)
"""The gap the library gets for an n/a criterion (its `passed` is False: the grader could not confirm it)."""


def is_grader_feedback(message: BaseMessage) -> bool:
    """Whether a message is the middleware's injected revision request."""
    return isinstance(message, HumanMessage) and message.additional_kwargs.get("lc_source") == GRADER_SOURCE


class OfflineWriter(ToolCallingChatModel):
    """Working model: scripted drafts for bundled examples; otherwise drafts of the genre the task asks for,
    written from the task's facts (rubric_core/models/_writing.py, docs/WRITER.md)."""

    model_name: str = "offline:writer"
    draft_notice: ClassVar[str] = OFFLINE_DRAFT_NOTICE
    """What the UI shows beside this model's drafts (never part of the draft text)."""

    @property
    def _llm_type(self) -> str:
        return "rubric-studio-offline-writer"

    def respond(self, messages: list[BaseMessage], **kwargs: Any) -> AIMessage:
        turn_start = max(
            (i for i, m in enumerate(messages) if isinstance(m, HumanMessage) and not is_grader_feedback(m)),
            default=0,
        )
        task = text_of(messages[turn_start]) if messages else ""
        feedback = [m for m in messages[turn_start:] if is_grader_feedback(m)]
        revision = len(feedback)
        can_write_files = "write_file" in bound_tool_names(kwargs)
        example = find_example_by_task(task)
        last = messages[-1] if messages else None
        # A bundled example plays its script; past the end of it (a higher iteration cap, an edited rubric)
        # the writer goes on writing rather than repeating the last scripted draft.
        if example is not None and revision < len(example.drafts):
            k = revision
            if example.file_path:
                content = example.file_drafts[min(revision, len(example.file_drafts) - 1)]
                if not can_write_files:
                    return AIMessage(content=f"{example.drafts[k]}\n\n```python\n{content}```")
                # What the agent already did since the last feedback (or the task): each step once per revision.
                since = max((i for i, m in enumerate(messages) if isinstance(m, HumanMessage)), default=0)
                done = {m.name for m in messages[since:] if isinstance(m, ToolMessage)}
                if example.agent_tool in bound_tool_names(kwargs) and example.agent_tool not in done:
                    call = {"name": example.agent_tool, "args": {"code": content}, "id": f"check-{revision}"}
                    return AIMessage(content="", tool_calls=[call])
                if "write_file" not in done:
                    return AIMessage(
                        content="",
                        tool_calls=[
                            {
                                "name": "write_file",
                                "args": {"file_path": example.file_path, "content": content},
                                "id": f"write-{revision}",
                            }
                        ],
                    )
            return AIMessage(content=example.drafts[k])
        draft = _writing.write(
            tasks=[text_of(m) for m in messages if isinstance(m, HumanMessage) and not is_grader_feedback(m)],
            feedback=_feedback_in_scope(messages, turn_start),
            earlier=[text_of(m) for m in messages if isinstance(m, AIMessage) and not m.tool_calls],
        )
        # How the writer read the task (it went to the nearest genre) is for the run to show, never the draft.
        meta = {WRITER_NOTICE_KEY: draft.notice} if draft.notice else {}
        if draft.file_path and can_write_files and not isinstance(last, ToolMessage):
            call = {"name": "write_file", "args": {"file_path": draft.file_path, "content": draft.file_content}}
            return AIMessage(content="", tool_calls=[{**call, "id": f"write-{revision}"}])
        if draft.file_path and not can_write_files:
            return AIMessage(content=f"{draft.text}\n\n```python\n{draft.file_content}```", response_metadata=meta)
        return AIMessage(content=draft.text, response_metadata=meta)


def _feedback_in_scope(messages: list[BaseMessage], turn_start: int) -> list[str]:
    """This turn's revision messages; on a follow-up turn with none yet, the last one of the earlier turns
    (the rubric is kept across turns, and that message names its criteria)."""
    current = [text_of(m) for m in messages[turn_start:] if is_grader_feedback(m)]
    if current:
        return current
    earlier = [text_of(m) for m in messages[:turn_start] if is_grader_feedback(m)]
    return earlier[-1:]


class OfflineGrader(ToolCallingChatModel):
    """Grader: decides each criterion with the deterministic checks; conservative otherwise."""

    model_name: str = "offline:grader"
    reports_checks: ClassVar[bool] = True
    """Its answers carry each criterion's verdict (pass / fail / n/a) and check (engine/grader_evidence.py)."""

    @property
    def _llm_type(self) -> str:
        return "rubric-studio-offline-grader"

    def respond(self, messages: list[BaseMessage], **kwargs: Any) -> AIMessage:
        payload_msg = next((m for m in messages if isinstance(m, HumanMessage)), None)
        payload = parse_payload(text_of(payload_msg) if payload_msg else "")
        task = next((text for role, text in payload.transcript if role == "user"), "")
        draft = dataclasses.replace(draft_from_transcript(payload.transcript), task=task)
        criteria = _criteria_to_grade(payload.rubric, payload.frozen_criteria)
        plans = [(c, plan(c)) for c in criteria]
        specs = [(c, p.spec) for c, p in plans]
        tool_results = {m.tool_call_id: text_of(m) for m in messages if isinstance(m, ToolMessage)}
        tools = bound_tool_names(kwargs)
        evidence_tools = [t for t in tools if t != "GraderResponse"]
        refs = {i: tool_reference(c.text, evidence_tools) for i, (c, _) in enumerate(specs)}

        pending = _evidence_calls(specs, draft, tools, tool_results)
        pending += _tool_calls(refs, draft, bound_tool_schemas(kwargs), tool_results)
        if pending:
            return AIMessage(content="", tool_calls=pending)

        conflicts = contradictions(specs)
        if not criteria or conflicts:
            explanation = (
                "The rubric has no criteria to grade."
                if not criteria
                else "The rubric contradicts itself: " + "; ".join(conflicts) + "."
            )
            answer: dict[str, Any] = {"result": "failed", "explanation": explanation, "criteria": []}
        else:
            verdicts = [
                tool_verdict(c.text, ref, tool_results.get(call_id(ref.tool)))
                if (ref := refs[i]) is not None
                else _verdict(c, checked, draft, tool_results.get(f"evidence-{i}"))
                for i, (c, checked) in enumerate(plans)
            ]
            failing = [v for v in verdicts if v["verdict"] == "fail"]
            unjudged = [v for v in verdicts if v["verdict"] == "n/a"]
            if failing or unjudged:
                parts = []
                if failing:
                    parts.append(
                        f"{len(failing)} of {len(verdicts)} criteria fail: " + "; ".join(v["name"] for v in failing)
                    )
                if unjudged:
                    parts.append(
                        f"{len(unjudged)} cannot be judged by the offline grader (n/a): "
                        + "; ".join(v["name"] for v in unjudged)
                    )
                answer = {
                    "result": "needs_revision",
                    "explanation": ". ".join(parts) + ".",
                    "criteria": verdicts,
                }
            else:
                answer = {
                    "result": "satisfied",
                    "explanation": f"All {len(verdicts)} criteria pass.",
                    "criteria": verdicts,
                }
        if "response_format" in kwargs or "GraderResponse" not in tools:
            return AIMessage(content=json.dumps(answer))
        return AIMessage(content="", tool_calls=[{"name": "GraderResponse", "args": answer, "id": "grader-response"}])


def grade_criterion(
    criterion: Criterion, draft: Draft, *, tool_answers: dict[str, str] | None = None
) -> dict[str, Any]:
    """One criterion's verdict record for a draft, as `respond` decides it in a grading pass.

    `tool_answers` maps the grader tools the run was given to their answers this pass (a criterion ending
    in "(tool)" is judged by its tool's report). The truth set (tests/core/truth_set.py) and
    bench/offline_grader.py grade through here.
    """
    answers = tool_answers or {}
    ref = tool_reference(criterion.text, list(answers))
    if ref is not None:
        return tool_verdict(criterion.text, ref, answers.get(ref.tool))
    return _verdict(criterion, plan(criterion), draft, None)


def _criteria_to_grade(rubric: str, frozen: list[str]) -> list[Criterion]:
    parsed = parse_criteria(rubric)
    if not frozen:
        return parsed
    by_text = {c.text: c for c in parsed}
    # Frozen names are replayed verbatim; map each back to its rubric criterion for its attachment.
    return [by_text.get(name, Criterion(text=name, line=0)) for name in frozen]


def _tool_calls(
    refs: dict[int, ToolReference | None], draft: Draft, schemas: dict[str, Any], results: dict[str, str]
) -> list[dict[str, Any]]:
    """One call of each grader tool a criterion names, not yet answered this pass (and callable with text)."""
    calls: list[dict[str, Any]] = []
    for ref in refs.values():
        if ref is None or call_id(ref.tool) in results or any(c["id"] == call_id(ref.tool) for c in calls):
            continue
        call = tool_call(ref.tool, schemas.get(ref.tool), draft)
        if call is not None:
            calls.append(call)
    return calls


def _evidence_calls(
    specs: list[tuple[Criterion, Any]], draft: Draft, tools: list[str], results: dict[str, str]
) -> list[dict[str, Any]]:
    """Tool calls for evidence the grader was given a tool for and has not gathered yet."""
    tool_name = TOOL_FUNCTION_NAMES["python_tests"]
    if tool_name not in tools:
        return []
    calls = []
    for i, (_, spec) in enumerate(specs):
        call_id = f"evidence-{i}"
        if spec and spec.check == "python_tests" and call_id not in results:
            calls.append(
                {"name": tool_name, "args": {"code": draft.code(), "tests": spec.params["tests"]}, "id": call_id}
            )
    return calls


def _verdict(criterion: Criterion, checked: CheckPlan, draft: Draft, tool_result: str | None) -> dict[str, Any]:
    """One criterion's verdict as the library reads it (name, passed, gap) plus the product's record
    (verdict: pass / fail / n/a, and the check that decided it). The library drops the extra keys; the
    grader's evidence middleware (engine/grader_evidence.py) keeps them."""
    name = criterion.text
    spec = checked.spec
    if spec is None:
        return _na(name, checked.reason, record_for_plan(checked))
    record = record_for_plan(checked)
    if tool_result is not None:
        try:
            data = json.loads(tool_result)
        except json.JSONDecodeError:
            data = {"passed": False, "summary": tool_result[:300]}
        record["found"] = str(data.get("summary", "no result"))
        if data.get("passed"):
            return {"name": name, "passed": True, "verdict": "pass", "check": record}
        return _fail(name, "Tests fail: " + str(data.get("summary", "no result")), record)
    if not draft.text and not draft.files:
        record["found"] = "no answer"
        return _fail(name, "The transcript has no answer from the agent to check.", record)
    result = evaluate(spec, draft)
    record["found"] = result.detail
    if result.undecided:
        return _na(name, result.gap or result.detail, record)
    if result.passed:
        return {"name": name, "passed": True, "verdict": "pass", "check": record}
    return _fail(name, result.gap or result.detail, record)


def _fail(name: str, gap: str, check: dict[str, Any]) -> dict[str, Any]:
    return {"name": name, "passed": False, "gap": gap, "verdict": "fail", "check": check}


def _na(name: str, reason: str, check: dict[str, Any]) -> dict[str, Any]:
    gap = CANNOT_JUDGE_GAP.format(reason=reason.rstrip("."))
    return {"name": name, "passed": False, "gap": gap, "verdict": "n/a", "check": check}
