"""Keys, values and types of a JSON draft: "Includes a log_level key", "Sets pool_size to 20", "database.port is an
integer", '"debug" is a boolean set to false', "allowed_origins is a list of two URLs", "Uses snake_case for every
key".

The draft's JSON (its fenced block, or the whole draft) is parsed; a key named with dots is a path
("database.port"), a bare key is looked for at the top level, then anywhere (the first one found). "A timeout
setting" is any key with "timeout" in its name. A draft with no JSON that parses is n/a: the criterion may be
about something else.
"""

from __future__ import annotations

import json
import re
from typing import Any

from rubric_core.checks.spec import CheckPlan, CheckSpec
from rubric_core.checks.text import CheckResult, extract_json_text

_TYPES: dict[str, tuple[type, ...]] = {
    "integer": (int,),
    "int": (int,),
    "number": (int, float),
    "float": (float,),
    "string": (str,),
    "boolean": (bool,),
    "bool": (bool,),
    "list": (list,),
    "array": (list,),
    "object": (dict,),
    "dictionary": (dict,),
}
_KEY = r"[\"'`“”]?(?P<key>[A-Za-z_][\w.-]*)[\"'`“”]?"
_HAS = re.compile(
    rf"^(?:includes?|has|contains?|defines?)\s+(?:an?\s+|the\s+)?(?P<top>top-level\s+)?(?:(?:key|field|property)\s+)?{_KEY}"
    r"\s*(?P<noun>key|field|property|setting|option)?\.?$",
    re.IGNORECASE,
)
_SETS = re.compile(
    rf"^sets\s+(?:the\s+)?(?P<top>top-level\s+)?(?:(?:key|field|property|setting)\s+)?{_KEY}\s+to\s+(?P<value>.+?)\.?$",
    re.IGNORECASE,
)
_IS = re.compile(
    rf"^(?:the\s+)?(?:(?:key|field)\s+)?{_KEY}\s+is\s+(?:an?\s+)?(?P<type>{'|'.join(_TYPES)})"
    r"(?:\s+(?:set\s+to|of|equal\s+to)\s+(?P<value>.+?))?\.?$",
    re.IGNORECASE,
)
_CASES = {
    "snake_case": r"[a-z0-9]+(?:_[a-z0-9]+)*",
    "camelcase": r"[a-z][a-zA-Z0-9]*",
    "kebab-case": r"[a-z0-9]+(?:-[a-z0-9]+)*",
}
_CASE = re.compile(
    r"^uses\s+(?P<case>snake_case|camelcase|kebab-case)\s+for\s+(?:every|each|all(?:\s+the)?)\s+keys?\.?$", re.I
)


def _load(text: str) -> tuple[bool, Any]:
    try:
        return True, json.loads(extract_json_text(text))
    except json.JSONDecodeError:
        return False, None


def _walk(data: Any, prefix: str = "") -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    if isinstance(data, dict):
        for key, value in data.items():
            path = f"{prefix}{key}"
            out.append((path, value))
            out += _walk(value, path + ".")
    elif isinstance(data, list):
        for item in data:
            out += _walk(item, prefix)
    return out


def _find(data: Any, key: str, top: bool, fuzzy: bool = False) -> tuple[bool, Any]:
    pairs = _walk(data)
    if "." in key:
        hits = [v for p, v in pairs if p == key]
    elif isinstance(data, dict) and key in data:
        return True, data[key]
    elif top:
        hits = []
    else:
        hits = [v for p, v in pairs if p.split(".")[-1] == key]
    if not hits and fuzzy:
        hits = [v for p, v in pairs if key.lower() in re.split(r"[._-]", p.lower())]
    return (True, hits[0]) if hits else (False, None)


def _value(raw: str) -> Any:
    raw = raw.strip().strip("`")
    try:
        return json.loads(raw)
    except json.JSONDecodeError:
        return raw.strip("\"'“”")


def check_json_key(
    text: str,
    *,
    key: str = "",
    top: bool = False,
    fuzzy: bool = False,
    value: str | None = None,
    kind: str = "",
    count: int | None = None,
    case: str = "",
) -> CheckResult:
    """See the module docstring."""
    parsed, data = _load(text)
    if not parsed:
        why = "the draft has no JSON that parses, and the criterion may be about something else"
        return CheckResult(False, "no JSON", why, undecided=True)
    if case:
        keys = sorted({p.split(".")[-1] for p, _ in _walk(data)})
        wrong = [k for k in keys if not re.fullmatch(_CASES[case], k)]
        if wrong:
            return CheckResult(False, f"keys not in {case}: {', '.join(wrong[:5])}", f"Rename {', '.join(wrong[:5])}.")
        return CheckResult(True, f"{len(keys)} keys, all {case}")
    found, got = _find(data, key, top, fuzzy)
    if not found:
        return CheckResult(False, f'no key "{key}"', f'The JSON has no key "{key}".')
    shown = json.dumps(got)[:60]
    if kind:
        want = _TYPES[kind.lower()]
        ok = isinstance(got, want) and not (bool not in want and isinstance(got, bool))
        if not ok:
            return CheckResult(False, f"{key} = {shown}", f'"{key}" is {type(got).__name__} ({shown}), not {kind}.')
    if count is not None and (not isinstance(got, list) or len(got) != count):
        n = len(got) if isinstance(got, list) else "no list"
        return CheckResult(False, f"{key} = {shown}", f'"{key}" holds {n} items, not {count}.')
    if value is not None and got != _value(value) and str(got) != str(_value(value)):
        return CheckResult(False, f"{key} = {shown}", f'"{key}" is {shown}, not {value}.')
    return CheckResult(True, f"{key} = {shown}")


_NOT_KEYS = frozenset("it this that the answer text output response draft result poem email post list it's".split())


def json_key_plan(criterion: str) -> CheckPlan | None:
    """The JSON key check a criterion asks for, else None."""
    text = criterion.strip()
    m = _CASE.match(text)
    if m:
        return CheckPlan(CheckSpec("json_key", {"case": m.group("case").lower()}))
    m = _SETS.match(text)
    if m and re.search(r"[_.]|key|field|setting|top-level", text):
        return CheckPlan(
            CheckSpec("json_key", {"key": m.group("key"), "top": bool(m.group("top")), "value": m.group("value")})
        )
    m = _IS.match(text)
    if m and m.group("key").lower() not in _NOT_KEYS:
        params: dict[str, Any] = {"key": m.group("key"), "kind": m.group("type").lower()}
        tail = m.group("value")
        if tail and re.fullmatch(r"(?:\d+|one|two|three|four|five|six)\s+\w+", tail.strip()):
            from rubric_core.numbers import number_value

            params["count"] = number_value(tail.split()[0])
        elif tail:
            params["value"] = tail
        return CheckPlan(CheckSpec("json_key", params))
    m = _HAS.match(text)
    if (
        m
        and m.group("noun")
        and (re.search(r"[_.\"'`]", m.group("key")) or m.group("noun") in ("key", "setting", "field"))
    ):
        fuzzy = m.group("noun").lower() in ("setting", "option")
        return CheckPlan(CheckSpec("json_key", {"key": m.group("key"), "top": bool(m.group("top")), "fuzzy": fuzzy}))
    return None
