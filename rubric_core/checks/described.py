"""A check in words: its kind and what it looks for, as stored beside each verdict and shown in the preview.

`describe(spec)` gives the kind (a key of `verdicts.CHECK_LABELS`), its label and what it
looks for; `check_for(criterion)` the check record the offline grader will attach (before
a draft exists: `found` empty), or a cannot-judge record with the reason.
"""

from __future__ import annotations

from typing import Any

from rubric_core.checks.patterns import PATTERNS, Pattern
from rubric_core.checks.phrasing import CheckPlan, CheckSpec, plan
from rubric_core.checks.tool_evidence import tool_reference
from rubric_core.rubric import Criterion
from rubric_core.verdicts import CANNOT_JUDGE, make_check


def _range(lo: int | None, hi: int | None, unit: str) -> str:
    if lo is not None and hi is not None:
        return f"exactly {lo} {unit}s" if lo == hi else f"{lo} to {hi} {unit}s"
    if lo is not None:
        return f"at least {lo} {unit}s"
    return f"at most {hi} {unit}s"


def _quoted(items: list[str]) -> str:
    return ", ".join(f'"{i}"' for i in items)


def _beside(words: list[str] | None) -> str:
    return f" in a sentence naming {', '.join(words)}" if words else ""


def _pattern_wanted(pattern: Pattern, params: dict[str, Any], near: list[str] | None) -> str:
    count = (params.get("counts") or {}).get(pattern.name)
    text = pattern.looks_for
    if count:
        low, high = count[0], count[1]
        if low is not None and high is not None:
            text = f"{'exactly ' if low == high else ''}{low}{'' if low == high else f' to {high}'} of: {text}"
        elif low is not None:
            text = f"at least {low} of: {text}"
        else:
            text = f"at most {high} of: {text}"
    quality = (params.get("quality") or {}).get(pattern.name)
    if quality:
        text += f' (n/a when there is one: "{quality}" is not checked)'
    return text + _beside(near)


def describe(spec: CheckSpec) -> dict[str, str]:
    """{kind, label, looked_for} of a check (in the part of the text a scope names: "in the subject line")."""
    if spec.params.get("scope"):
        scope = spec.params["scope"]
        inner = describe(CheckSpec(spec.check, {k: v for k, v in spec.params.items() if k != "scope"}))
        return {
            **inner,
            "looked_for": f"{inner['looked_for']}, in {scope if scope.startswith('each') else 'the ' + scope}",
        }
    p = spec.params
    c = spec.check
    if c in ("line_count", "word_count", "sentence_count", "paragraph_count", "character_count"):
        unit = c.split("_")[0]
        return {"kind": c, "label": f"{unit} count", "looked_for": _range(p.get("min"), p.get("max"), unit)}
    if c == "syllables_per_line":
        return {"kind": "syllables", "label": "syllables", "looked_for": "-".join(map(str, p["pattern"])) + " per line"}
    if c in ("contains", "not_contains"):
        terms = list(p.get("terms") or [])
        patterns = [PATTERNS[n] for n in p.get("patterns") or []]
        phrase = any(" " in t.strip() for t in terms)
        if patterns and not terms:
            kind, label = "pattern", " and ".join(x.label for x in patterns)
        elif all(len(t) == 1 for t in terms) and terms and not patterns:
            kind, label = "word_match", "letter match"
        else:
            kind, label = ("phrase", "phrase") if phrase else ("word_match", "word match")
        near = p.get("near") or {}
        wanted = [_quoted([t]) + _beside(near.get(t)) for t in terms]
        wanted += [_pattern_wanted(x, p, near.get(x.name)) for x in patterns]
        joiner = " or " if p.get("mode") == "any" else "; "
        looked = joiner.join(w for w in wanted if w)
        if c == "not_contains":
            related = p.get("related") or []
            looked = (
                "none of "
                + looked
                + (f" (nor {_quoted(related[:8])}{' …' if len(related) > 8 else ''})" if related else "")
            )
            if p.get("open_terms"):
                looked += f"; n/a when none is found ({_quoted(p['open_terms'])} may be named in other words)"
        position = p.get("position", "any")
        if position == "start":
            looked += " at the very start" if terms and not patterns else " in the first sentence"
        elif position == "end":
            looked += " at the very end" if terms and not patterns else " in the last sentence"
        elif position != "any":
            looked += f" in the {position}"
        if p.get("unjudged"):
            if not looked:  # no word to look for: "word match: …; cannot judge" read as a match of nothing
                return {"kind": CANNOT_JUDGE, "label": "cannot judge", "looked_for": ""}
            looked += "; cannot judge " + "; ".join(p["unjudged"])
        return {"kind": kind, "label": label, "looked_for": looked}
    if c == "regex":
        neg = p.get("should_match") is False
        return {
            "kind": "regex",
            "label": "regex",
            "looked_for": ("no match of /" if neg else "a match of /") + p["pattern"] + "/",
        }
    if c == "json_valid":
        if p.get("schema"):
            return {
                "kind": "json_schema",
                "label": "JSON schema",
                "looked_for": "valid JSON matching the attached schema",
            }
        return {"kind": "json", "label": "JSON", "looked_for": "valid JSON"}
    if c == "markdown_sections":
        return {"kind": "sections", "label": "sections", "looked_for": "headings " + _quoted(p["sections"])}
    if c == "python_defines":
        name = p.get("name")
        return {"kind": "function", "label": "function", "looked_for": f"def {name}()" if name else "any def"}
    if c == "python_class":
        name = p.get("name")
        return {"kind": "function", "label": "class", "looked_for": f"class {name}" if name else "any class"}
    if c == "python_syntax":
        return {"kind": "function", "label": "Python syntax", "looked_for": "the code parses as Python"}
    if c == "python_type_hints":
        return {"kind": "function", "label": "type hints", "looked_for": "annotations on every function (ast)"}
    if c == "python_has_tests":
        return {"kind": "tests", "label": "tests", "looked_for": "a test_… function or an assert in the code (ast)"}
    if c == "python_docstrings":
        return {"kind": "docstrings", "label": "docstrings", "looked_for": "a docstring on every function and class"}
    if c == "python_tests":
        return {"kind": "tests", "label": "tests", "looked_for": "the attached tests pass (sandboxed run)"}
    if c == "topic":
        return {
            "kind": "topic",
            "label": "topic words",
            "looked_for": f'words of "{p["topic"]}" in at least half the sentences (lines, for verse), twice',
        }
    if c == "sql":
        if p.get("clause"):
            looked = f"{p['clause']} in the query (comments aside)"
        elif p.get("table"):
            looked = f"FROM or JOIN {p['table']} in the query"
        elif p.get("limit"):
            looked = f"LIMIT {p['limit']} in the query"
        else:
            looked = f"ORDER BY {p.get('order_by')} {str(p.get('direction', '')).upper()} in the query"
        return {"kind": "sql", "label": "SQL", "looked_for": looked}
    if c == "named_tokens":
        shown = ", ".join(f'"{t}"' for t in p["tokens"])
        return {"kind": "word_match", "label": "named tokens", "looked_for": f"{shown} in the text (n/a when there)"}
    if c == "evidence":
        shown = ", ".join(f'"{t}"' for t in [*p["tokens"], *p["words"]])
        return {
            "kind": "word_match",
            "label": "evidence",
            "looked_for": f"{shown} in one sentence or line (n/a when partial)",
        }
    if c == "layout":
        return {"kind": "pattern", "label": "layout", "looked_for": f"what the lines show for {p['criterion']!r}"}
    if c == "part":
        looked = {
            "title": "a title: a heading, a bold line or a short line standing alone at the top",
            "greeting_by_name": "a greeting line that names someone",
            "greeting": "a greeting line",
            "quote": "words in quotation marks (two or more)"
            + (f" in a paragraph naming {p.get('who')}" if p.get("who") else ""),
        }[p["part"]]
        return {"kind": "part", "label": p["part"].replace("_", " "), "looked_for": looked}
    if c == "json_key":
        if p.get("case"):
            return {"kind": "json", "label": "JSON keys", "looked_for": f"every key in {p['case']}"}
        looked = f'the key "{p["key"]}"' + (" (a key with it in its name)" if p.get("fuzzy") else "")
        looked += f" as {p['kind']}" if p.get("kind") else ""
        looked += f" of {p['count']} items" if p.get("count") is not None else ""
        looked += f" set to {p['value']}" if p.get("value") is not None else ""
        return {"kind": "json", "label": "JSON key", "looked_for": looked + " in the draft's JSON"}
    if c == "list_of":
        count = (
            _range(p.get("min"), p.get("max"), "item") if p.get("min") is not None or p.get("max") is not None else ""
        )
        if str(p.get("verb", "")).startswith("name"):
            looked = f'"{p["noun"]}" named (n/a when found: whether it is a name, no check confirms)'
        elif count:
            looked = f'{count} in the list under a line naming "{p["noun"]}"'
        else:
            looked = f'a list (bullets, numbers, or an enumeration) of "{p["noun"]}"'
        return {"kind": "list", "label": "list", "looked_for": looked}
    if c == "marked_count":
        return {
            "kind": "marked_count",
            "label": p["noun"],
            "looked_for": _range(p.get("min"), p.get("max"), p["noun"].rstrip("s")),
        }
    if c == "sensory_details":
        return {"kind": "sensory", "label": "sensory words", "looked_for": f"at least {p['min']} sensory words"}
    return {"kind": c, "label": c.replace("_", " "), "looked_for": spec.describe()}


def check_for(criterion: Criterion, tools: list[str] | None = None) -> dict[str, Any]:
    """The check record the offline grader gives this criterion (before any draft: `found` empty)."""
    ref = tool_reference(criterion.text, list(tools or []))
    if ref is not None:
        looked = f"the {ref.test} test passing" if ref.test else "its report saying passed"
        return make_check("tool", label=ref.tool, looked_for=looked)
    return record_for_plan(plan(criterion))


def record_for_plan(checked: CheckPlan, found: str = "") -> dict[str, Any]:
    """A check record from a plan (n/a: cannot judge, with the reason)."""
    if checked.spec is None:
        return make_check(CANNOT_JUDGE, looked_for="", found=checked.reason)
    d = describe(checked.spec)
    return make_check(d["kind"], label=d["label"], looked_for=d["looked_for"], found=found)
