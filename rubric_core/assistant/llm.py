"""The assistant's model calls: structured output through the same provider path and keys as runs, bounded,
with their tokens and cost.

A call answers a pydantic schema (`with_structured_output(..., include_raw=True)`); an answer that does not
parse is asked again at most CALL_LIMIT times in all, then reported as an error, never retried forever.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, Field

CALL_LIMIT = 3
"""Model calls one assistant request may make (the first answer and at most two asks again)."""


class AssistantModelError(RuntimeError):
    """The model could not be called or never gave a usable answer: said in words, with its cause.

    `bad_input` when the person can fix it before anything is called (an unknown model spec, a missing key or an
    unreachable server): the command line exits 2 then, else 1."""

    def __init__(self, message: str, *, bad_input: bool = False) -> None:
        super().__init__(message)
        self.bad_input = bad_input


class DraftedLine(BaseModel):
    """One criterion of a drafted rubric."""

    text: str = Field(description="The criterion: short, concrete, observable in the answer; one check per line.")
    reason: str = Field(description="One line: why this criterion follows from the task.")


class DraftAnswer(BaseModel):
    """A rubric drafted from a task."""

    criteria: list[DraftedLine] = Field(
        description="One criterion per demand the task states, most important first (at most 15)."
    )


class EditLine(BaseModel):
    """One proposed edit of a criterion."""

    kind: Literal["reword", "split", "explicit_measure", "name_tool", "drop", "merge"] = Field(
        description="What the edit does."
    )
    new_lines: list[str] = Field(
        description="The criterion lines that replace it (two or more for a split, none to drop it)."
    )
    reason: str = Field(description="One line: why this edit makes the verdicts agree better with people.")


class EditAnswer(BaseModel):
    """Edits proposed for one criterion."""

    edits: list[EditLine] = Field(description="One to three edits, best first.")


def _usage() -> dict[str, Any]:
    return {"calls": 0, "input_tokens": 0, "output_tokens": 0, "total_tokens": 0}


def ask(
    spec: str,
    schema: type[BaseModel],
    prompt: str,
    *,
    keys: Mapping[str, str] | None = None,
    timeout_s: float = 60.0,
    usage: dict[str, Any] | None = None,
) -> BaseModel:
    """One structured answer of model `spec` to `prompt` (at most CALL_LIMIT calls); tokens added to `usage`."""
    from langchain_core.messages import HumanMessage

    from rubric_core.engine.redaction import redact
    from rubric_core.models.providers import ModelSpecError, build_chat_model, check_model_ready, parse_model_spec

    usage = usage if usage is not None else _usage()
    try:
        parsed_spec = parse_model_spec(spec)
        problem = check_model_ready(parsed_spec, keys=keys)
        if problem:
            raise AssistantModelError(problem, bad_input=True)
        model = build_chat_model(parsed_spec, keys=keys, timeout=timeout_s)
    except ModelSpecError as exc:
        raise AssistantModelError(str(exc), bad_input=True) from None
    from langchain_core.exceptions import OutputParserException
    from pydantic import ValidationError

    structured = model.with_structured_output(schema, include_raw=True)
    last_error = ""
    for _ in range(CALL_LIMIT):
        try:
            result = structured.invoke([HumanMessage(content=prompt)])
        except (ValidationError, OutputParserException, ValueError) as exc:
            # An answer that does not fit the schema (some providers parse it themselves and raise): ask again.
            usage["calls"] += 1
            last_error = redact(" ".join(str(exc).split())[:300], keys)
            continue
        except Exception as exc:  # noqa: BLE001 -- a provider failure becomes the message, keys redacted
            raise AssistantModelError(
                redact(f"The model {spec} could not be called: {type(exc).__name__}: {str(exc)[:300]}", keys)
            ) from None
        usage["calls"] += 1
        raw = result.get("raw")
        meta = getattr(raw, "usage_metadata", None) or {}
        for key in ("input_tokens", "output_tokens", "total_tokens"):
            usage[key] += int(meta.get(key, 0) or 0)
        parsed = result.get("parsed")
        if isinstance(parsed, schema):
            return parsed
        last_error = str(result.get("parsing_error") or "no structured answer")[:300]
    msg = f"The model {spec} gave no usable answer in {CALL_LIMIT} calls (the last: {last_error})."
    raise AssistantModelError(redact(msg, keys))


def cost_of(usage: dict[str, Any], spec: str, store: Any = None) -> float | None:
    """The usage's cost in USD at the stored price table (the one suites use); None without a price."""
    from rubric_core.suites.pricing import DEFAULT_PRICES, cost_usd

    table: Any = {p.model: p for p in DEFAULT_PRICES}
    if store is not None:
        from rubric_core.suites.pricing import price_table

        table = price_table(store)
    return cost_usd(table, spec, int(usage.get("input_tokens", 0)), int(usage.get("output_tokens", 0)))


def llm_proposals(
    evidence: Any, findings: list[Any], split: Any, *, model: str, keys: Mapping[str, str] | None = None
) -> tuple[list[Any], dict[str, Any]]:
    """Edits the model proposes per criterion with findings: it sees the criterion, its findings and up to
    eight disagreeing cells of the learning part (never a held-out one) with the reviewers' reasons."""
    from rubric_core.assistant.prompts import EDIT_PROMPT, cell_sample
    from rubric_core.assistant.proposals import Proposal, _id, edit_rubric

    usage = _usage()
    out: list[Proposal] = []
    by_criterion: dict[str, list[Any]] = {}
    for f in findings:
        by_criterion.setdefault(f.criterion, []).append(f)
    for criterion, found in by_criterion.items():
        prompt = EDIT_PROMPT.format(
            rubric=evidence.rubric,
            criterion=criterion,
            findings="\n".join(f"- {f.title}" for f in found),
            cells=cell_sample(evidence, criterion, split) or "(no reviewed disagreement to show)",
            tools=", ".join(evidence.grader_tools) or "(none)",
        )
        answer = ask(model, EditAnswer, prompt, keys=keys, usage=usage)
        assert isinstance(answer, EditAnswer)
        for edit in answer.edits[:3]:
            lines = [line.strip().lstrip("-* ").strip() for line in edit.new_lines if line.strip()]
            try:
                edited = edit_rubric(evidence.rubric, criterion, lines)
            except ValueError:
                continue
            if edited.strip() == evidence.rubric.strip():
                continue
            mapping: dict[str, list[str]] = {}
            for old in evidence.criteria:
                for new in lines if old == criterion else [old]:
                    mapping.setdefault(new, []).append(old)
            out.append(
                Proposal(
                    id=_id(evidence.name, evidence.version, edited),
                    rubric_name=evidence.name,
                    rubric_version=evidence.version,
                    criterion=criterion,
                    kind=edit.kind,
                    title=(
                        f'Drop "{criterion}"' if not lines else "Reword to " + " and ".join(f'"{x}"' for x in lines)
                    ),
                    reason=edit.reason.strip()[:500],
                    source=f"llm: {model}",
                    edited_rubric=edited,
                    mapping=mapping,
                    finding=found[0].to_dict(),
                )
            )
    usage["cost_usd"] = cost_of(usage, model)
    return out, usage
