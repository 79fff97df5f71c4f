"""A rubric drafted by a model (structured output, llm.py), held to the same lines as the rules: every prohibition the
task states stays a prohibition, every quoted phrase stays whole, every range keeps both ends, and no two lines claim
one place. A model line that breaks one is replaced by the rules' line, and a demand the model left out is added, each
saying so; a structural note ("remove 2", "change 1 to ...", "undo") is applied by rules without a model call.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rubric_core.assistant.draft_conflicts import resolve
from rubric_core.assistant.draft_model import DraftedCriterion, RubricDraft, line
from rubric_core.assistant.note_lines import claim
from rubric_core.assistant.proposal import Proposal

MAX_MODEL_LINES = 15
"""Lines kept from a model's answer (the schema asks for one per demand; a runaway answer is cut, and said)."""
_STRUCTURAL = re.compile(
    r"^\s*(?:remove|drop|delete|cut|change|set|edit|update|replace|swap|undo|revert|looks? good|lgtm|ok|thanks)\b", re.I
)
_NEG = re.compile(r"\b(?:not|no|never|without|avoids?|free of|none|excludes?|omits?)\b|n't\b", re.I)


def _clean(text: str) -> str:
    return " ".join(text.strip().lstrip("-*• ").split())[:300]


def _words(text: str) -> set[str]:
    return {
        w
        for w in re.findall(r"[a-z0-9$€£%#@.'-]{3,}", text.lower())
        if w not in {"the", "and", "does", "not", "use", "uses", "word", "mention", "mentions", "contains", "any"}
    }


def _covers(model: str, rule: Proposal) -> bool:
    """Whether a model line states the rules' demand (same phrase, same polarity, same bounds)."""
    low = model.lower()
    if rule.phrase and rule.phrase.lower() not in low:
        return False
    nums = re.findall(r"\d+", rule.text)
    if rule.role in ("length", "count") and nums and not all(re.search(rf"\b{n}\b", low) for n in nums):
        return False
    negated = bool(_NEG.search(model))
    if rule.role == "ban" and not negated:
        return False
    key = _words(rule.term or rule.phrase or rule.text)
    return bool(key & _words(model)) if key else True


def _breaks(model: str, rule: Proposal) -> bool:
    """Whether a model line says the rules' demand wrongly: a ban turned into a mention, a quote cut short, a range
    with one end."""
    low = model.lower()
    key = _words(rule.term or rule.phrase or rule.text)
    shares = bool(key & _words(model))
    if rule.role == "ban" and shares and not _NEG.search(model):
        return True
    if rule.phrase and rule.phrase.lower() not in low:
        words = re.findall(r"\w+", rule.phrase.lower())
        head = " ".join(words[:2])
        if len(words) > 1 and head in " ".join(re.findall(r"\w+", low)):
            return True  # "Mentions Dear Ms" for 'Start with "Dear Ms. Alvarez"'
    if rule.role in ("length", "count") and shares:
        nums = re.findall(r"\d+", rule.text)
        unit = rule.text.split()[-1].lower().rstrip("s")
        if len(nums) == 2 and unit in low and not all(n in low for n in nums):
            return True
    return False


def guard(task: str, lines: list[DraftedCriterion]) -> tuple[list[DraftedCriterion], list[DraftedCriterion], list[str]]:
    """The model's lines held to the task's demands (read by the rules): (lines, held back, what was changed)."""
    from rubric_core.assistant.rules_draft import propose

    rules, _, _ = propose(task)
    demands = [p for p in rules if not p.implied and (p.role in ("ban", "length", "count", "start", "end") or p.phrase)]
    out = list(lines)
    said: list[str] = []
    for rule in demands:
        if any(_covers(c.text, rule) for c in out):
            continue
        broken = next((i for i, c in enumerate(out) if _breaks(c.text, rule)), None)
        fixed = line(rule.text, f"{rule.reason} (Kept from the task: the model's line did not keep it.)", rule.source)
        if broken is not None:
            said.append(f'"{out[broken].text}" became "{rule.text}": the task says {rule.source.strip()!r}.')
            out[broken] = fixed
        else:
            said.append(f'Added "{rule.text}": the task asks for it and the model left it out.')
            out.append(fixed)
    props = []
    for c in out:
        cl = claim(c.text)
        props.append(Proposal(c.text, c.reason, cl.role, c.source, cl.phrase, cl.place, cl.term))
    kept, held, warnings = resolve(props)
    by_text = {c.text: c for c in out}
    final = [by_text.get(p.text) or line(p.text, p.reason, p.source) for p in kept]
    held_lines = [line(p.text, f"Held back: {why}", p.source) for p, why in held]
    return final, held_lines, said + warnings


def draft_with_model(
    task: str,
    spec: str,
    *,
    note: str = "",
    previous: RubricDraft | None = None,
    before: RubricDraft | None = None,
    keys: Mapping[str, str] | None = None,
    store: Any = None,
) -> RubricDraft:
    """A model's draft of the task (or of `previous` with `note`), guarded."""
    if note and previous is not None and _STRUCTURAL.match(note):
        from rubric_core.assistant.draft_notes import apply_note

        return apply_note(task, previous, note, before=before)
    from rubric_core.assistant.llm import DraftAnswer, ask, cost_of
    from rubric_core.assistant.prompts import AMEND_NOTE, DRAFT_PROMPT

    amend = ""
    if note:
        shown = previous.rubric_text() if previous is not None else "(none yet)"
        amend = AMEND_NOTE.format(note=note, previous=shown)
    usage: dict[str, Any] = {"calls": 0, "input_tokens": 0, "output_tokens": 0, "total_tokens": 0}
    answer = ask(spec, DraftAnswer, DRAFT_PROMPT.format(task=task.strip(), note=amend), keys=keys, usage=usage)
    assert isinstance(answer, DraftAnswer)
    seen: set[str] = set()
    lines: list[DraftedCriterion] = []
    for c in answer.criteria:
        text = _clean(c.text)
        if text and text.lower() not in seen:
            seen.add(text.lower())
            lines.append(line(text, _clean(c.reason)))
    warnings: list[str] = []
    if len(lines) > MAX_MODEL_LINES:
        warnings.append(f"The model gave {len(lines)} lines; the first {MAX_MODEL_LINES} are kept.")
        lines = lines[:MAX_MODEL_LINES]
    lines, held, changed = guard(task, lines)
    usage["cost_usd"] = cost_of(usage, spec, store)
    draft = RubricDraft(lines, [], f"llm: {spec}", usage, note, held, warnings + changed)
    return replace(draft, message=f"Applied by the model: {note}" if note else "")
