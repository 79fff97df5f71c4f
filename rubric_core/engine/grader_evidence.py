"""What each grading pass rested on: the grader's own per-criterion records and the grader tools it called.

The library validates the grader's answer into `GraderResponse` (name, passed, gap) and
drops anything else, so the offline grader's `verdict` (pass / fail / n/a) and `check`
would be lost on the way to `on_evaluation`. `GraderEvidence` is a grader middleware
(the library's public seam for the grader agent): it sees every grader model answer and
every grader tool call of a pass, keeps them per thread, and `enrich` joins them to the
evaluation the library hands `on_evaluation`. An LLM grader's verdicts get the check
"the grader model's judgement" with the pass's tool calls (name, arguments, the answer,
or the error or timeout); extra fields an LLM writes itself are never trusted. A criterion
the LLM failed while a grader tool it names raised or timed out is n/a with the tool's error
named, as the offline grader makes it (a pass the LLM gave on the other evidence stands).
"""

from __future__ import annotations

import json
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any

from langchain.agents.middleware import AgentMiddleware

from rubric_core.verdicts import (
    MAX_TOOL_TEXT,
    VERDICTS,
    judgement_check,
    make_check,
    tool_error_check,
)

_MAX_THREADS = 512
"""Threads whose pass is still open; an abandoned one (a run that died mid-pass) is dropped oldest first."""


def _thread_id() -> str | None:
    try:
        from langgraph.config import get_config

        value = get_config().get("configurable", {}).get("thread_id")
    except RuntimeError:  # outside a graph run
        return None
    return None if value is None else str(value)


def _clip(text: str) -> str:
    return text if len(text) <= MAX_TOOL_TEXT else text[: MAX_TOOL_TEXT - 1] + "…"


def _raw_criteria(message: Any) -> list[dict[str, Any]] | None:
    """The per-criterion dicts of a grader answer as the model wrote them (tool call or JSON content)."""
    for call in getattr(message, "tool_calls", None) or []:
        if call.get("name") == "GraderResponse" and isinstance(call.get("args"), dict):
            criteria = call["args"].get("criteria")
            return criteria if isinstance(criteria, list) else None
    content = getattr(message, "content", None)
    if isinstance(content, str) and content.strip().startswith("{"):
        try:
            data = json.loads(content)
        except ValueError:
            return None
        criteria = data.get("criteria") if isinstance(data, dict) else None
        return criteria if isinstance(criteria, list) else None
    return None


def _tools_for(criterion: str, tools: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
    """The pass's tool calls shown beside one verdict: those the criterion names, else all of them (clipped;
    the evaluation keeps them whole under `grader_tools`)."""
    named = [t for t in tools if t.get("name") and str(t["name"]) in criterion]
    chosen = named or tools
    if not chosen:
        return None
    short = 300
    return [
        {k: (v[:short] + "…" if isinstance(v, str) and len(v) > short else v) for k, v in t.items()} for t in chosen
    ]


def _failed_tools_of(criterion: str, tools: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The pass's calls of the tools this criterion names that raised or timed out (the tools it does not name are
    other evidence: a failure of theirs decides nothing here)."""
    return [t for t in tools if t.get("error") and t.get("name") and str(t["name"]) in criterion]


class _Pass:
    __slots__ = ("criteria", "tools")

    def __init__(self) -> None:
        self.criteria: list[dict[str, Any]] | None = None
        self.tools: list[dict[str, Any]] = []


class GraderEvidence(AgentMiddleware):
    """Grader middleware that records what each pass's verdicts rest on (see the module docstring)."""

    def __init__(self, *, trusts_records: bool) -> None:
        super().__init__()
        self.trusts_records = trusts_records
        """Whether the grader model writes its own check records (the offline grader); an LLM's are ignored."""
        self._lock = threading.Lock()
        self._passes: OrderedDict[str, _Pass] = OrderedDict()

    def _pass(self, thread_id: str) -> _Pass:
        with self._lock:
            current = self._passes.get(thread_id)
            if current is None:
                current = self._passes[thread_id] = _Pass()
                while len(self._passes) > _MAX_THREADS:
                    self._passes.popitem(last=False)
            return current

    # ---- the grader agent's calls -------------------------------------------------------

    def wrap_model_call(self, request: Any, handler: Callable[[Any], Any]) -> Any:
        response = handler(request)
        self._saw_answer(response)
        return response

    async def awrap_model_call(self, request: Any, handler: Callable[[Any], Any]) -> Any:
        response = await handler(request)
        self._saw_answer(response)
        return response

    def _saw_answer(self, response: Any) -> None:
        if not self.trusts_records:
            return
        thread_id = _thread_id()
        if thread_id is None:
            return
        messages = getattr(response, "result", None) or ([response] if response is not None else [])
        for message in messages:
            criteria = _raw_criteria(message)
            if criteria is not None:
                self._pass(thread_id).criteria = criteria

    def wrap_tool_call(self, request: Any, handler: Callable[[Any], Any]) -> Any:
        started = time.monotonic()
        try:
            result = handler(request)
        except Exception as exc:
            self._saw_tool(request, None, exc, started)
            raise
        self._saw_tool(request, result, None, started)
        return result

    async def awrap_tool_call(self, request: Any, handler: Callable[[Any], Any]) -> Any:
        started = time.monotonic()
        try:
            result = await handler(request)
        except Exception as exc:
            self._saw_tool(request, None, exc, started)
            raise
        self._saw_tool(request, result, None, started)
        return result

    def _saw_tool(self, request: Any, result: Any, exc: BaseException | None, started: float) -> None:
        thread_id = _thread_id()
        if thread_id is None:
            return
        call = getattr(request, "tool_call", None) or {}
        record: dict[str, Any] = {
            "name": str(call.get("name") or ""),
            "args": _clip(json.dumps(call.get("args") or {}, ensure_ascii=False, default=str)),
            "seconds": round(time.monotonic() - started, 3),
        }
        if exc is not None:
            record["error"] = _clip(f"{type(exc).__name__}: {exc}")
        else:
            content = getattr(result, "content", result)
            text = content if isinstance(content, str) else json.dumps(content, ensure_ascii=False, default=str)
            if getattr(result, "status", "") == "error" or text.startswith("error:"):
                record["error"] = _clip(text.removeprefix("error:").strip())
            else:
                record["answer"] = _clip(text)
        self._pass(thread_id).tools.append(record)

    # ---- joining them to the library's evaluation ---------------------------------------

    def take(self, thread_id: str | None) -> tuple[list[dict[str, Any]] | None, list[dict[str, Any]]]:
        """This thread's grader records and tool calls since the last take (and forget them)."""
        if thread_id is None:
            return None, []
        with self._lock:
            current = self._passes.pop(thread_id, None)
        if current is None:
            return None, []
        return current.criteria, current.tools

    def enrich(self, evaluation: Mapping[str, Any]) -> dict[str, Any]:
        """A copy of the library's evaluation with each criterion's `verdict` and `check`, and the pass's
        grader tool calls under `grader_tools`."""
        raw, tools = self.take(_thread_id())
        out = dict(evaluation)
        records = {str(r.get("name")): r for r in raw or [] if isinstance(r, dict)}
        enriched = []
        for i, criterion in enumerate(evaluation.get("criteria") or []):
            c = dict(criterion)
            passed = bool(c.get("passed"))
            own = records.get(str(c.get("name")))
            if own is None and raw and i < len(raw) and isinstance(raw[i], dict):
                own = raw[i]
            verdict = str((own or {}).get("verdict") or "")
            check = (own or {}).get("check")
            if self.trusts_records and verdict in VERDICTS and isinstance(check, dict):
                # The record may not contradict what the library acted on: only a failed criterion can be n/a.
                c["verdict"] = verdict if (verdict == "pass") == passed else ("pass" if passed else "fail")
                c["check"] = check
            elif self.trusts_records:
                c["verdict"] = "pass" if passed else "fail"
                c["check"] = make_check("unrecorded", found="the grader gave no record for this criterion")
            else:
                c["verdict"] = "pass" if passed else "fail"
                c["check"] = judgement_check(str(c.get("gap") or ""), _tools_for(str(c.get("name")), tools))
                failed = _failed_tools_of(str(c.get("name")), tools)
                if failed and not passed:
                    # The tool this criterion names raised or timed out: unknown, not a fail (as under the offline
                    # grader). A pass stands: the grader model may have judged it on the other evidence.
                    c["verdict"] = "n/a"
                    c["check"] = tool_error_check(failed)
                    c["gap"] = f"The grader tool failed: {failed[0]['error']}"  # the offline grader's words
            enriched.append(c)
        out["criteria"] = enriched
        if tools:
            out["grader_tools"] = tools
        return out
