"""Reading JSON a person gave (an import line, a dataset row) strictly, with messages that say what is wrong.

`json.loads` keeps the last of two equal keys without a word, reads `NaN` and `Infinity` (not JSON), raises
RecursionError on deep nesting and says "Invalid control character" for a raw NUL. `loads_strict` refuses each
with a JsonProblem naming it; `utf16_hint` tells a UTF-16 file (every other byte NUL) from broken UTF-8.
"""

from __future__ import annotations

import json
from typing import Any

MAX_DEPTH = 100
"""How deep arrays and objects may nest (an export nests about 8 deep; 100,000 deep overflowed the reader)."""


class JsonProblem(ValueError):
    """One JSON text that cannot be read as given; the message says what is wrong (without the line: callers add it)."""


class _Constant:
    """Where a NaN or Infinity token was (found by its path once the line is read)."""

    def __init__(self, name: str) -> None:
        self.name = name


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            msg = f"duplicate key {key!r}: it appears twice in one object (a reader would keep one, dropping the other)"
            raise JsonProblem(msg)
        out[key] = value
    return out


def loads_strict(text: str, *, max_depth: int = MAX_DEPTH) -> Any:
    """The JSON value of `text`; JsonProblem for invalid JSON (a raw control character named), a key twice in
    one object, NaN / Infinity (named with where they are), or nesting deeper than `max_depth`."""
    try:
        value = json.loads(text, object_pairs_hook=_pairs, parse_constant=_Constant)
    except RecursionError:
        path = _deep_path(text, max_depth)
        msg = f"{path or 'the value'} nests deeper than {max_depth} levels (the most an import or a dataset reads)"
        raise JsonProblem(msg) from None
    except json.JSONDecodeError as exc:
        raise JsonProblem(_decode_problem(text, exc)) from None
    where = _constant_path(value, max_depth)
    if where is not None:
        path, name = where
        msg = f"{path or 'the value'} is {name}, which is not a JSON number: write a number or null"
        raise JsonProblem(msg)
    return value


def _decode_problem(text: str, exc: json.JSONDecodeError) -> str:
    if exc.msg.startswith("Invalid control character") and exc.pos < len(text):
        ch = text[exc.pos]
        name = "a NUL" if ch == "\x00" else f"U+{ord(ch):04X}"
        return (
            f"not valid JSON: {name} character raw inside a string at column {exc.colno} (JSON writes control "
            "characters escaped, as \\u0000)"
        )
    if exc.msg == "Extra data":
        return f"not valid JSON: more after the value ends, at column {exc.colno} (one JSON value a line)"
    return f"not valid JSON ({exc.msg} at column {exc.colno})"


def _constant_path(value: Any, max_depth: int) -> tuple[str, str] | None:
    """(path, token) of the first NaN / Infinity in `value`; JsonProblem when it nests past `max_depth`."""
    stack: list[tuple[Any, str, int]] = [(value, "", 0)]
    while stack:
        node, path, depth = stack.pop()
        if isinstance(node, _Constant):
            return path, node.name
        if isinstance(node, dict | list):
            if depth >= max_depth:
                shown = path if len(path) <= 60 else path[:60] + "… (and deeper)"
                msg = f"{shown or 'the value'} nests deeper than {max_depth} levels (the most an import or a dataset reads)"
                raise JsonProblem(msg)
            items = node.items() if isinstance(node, dict) else enumerate(node)
            for key, child in items:
                if isinstance(child, dict | list | _Constant):
                    where = f"{path}[{key}]" if isinstance(key, int) else (f"{path}.{key}" if path else str(key))
                    stack.append((child, where, depth + 1))
    return None


def _deep_path(text: str, max_depth: int) -> str:
    """The path (keys, then '[...]' for arrays) of the value that first nests `max_depth` deep, read from the
    raw text (the parser gave up before building anything): only on that error, so its cost does not matter."""
    path: list[str] = []
    key, in_string, escaped, start = "", False, False, 0
    for i, ch in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
                key = text[start + 1 : i]
        elif ch == '"':
            in_string, start = True, i
        elif ch in "{[":
            path.append(key if key else "[]")
            key = ""
            if len(path) > max_depth:
                break
        elif ch in "}]":
            if path:
                path.pop()
            key = ""
        elif ch == ",":
            key = ""
    shown = ""
    for part in path[1:6]:
        shown += part if part == "[]" else (f".{part}" if shown else part)
    return shown + (" (and deeper)" if len(path) > 6 else "")


def utf16_hint(head: bytes) -> str:
    """'UTF-16 (little-endian)' or '... (big-endian)' when the bytes look like UTF-16 text (ASCII with a NUL
    beside every character), else ''."""
    sample = head[:4096]
    if len(sample) < 4:
        return ""
    if sample.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "UTF-16 (little-endian)" if sample.startswith(b"\xff\xfe") else "UTF-16 (big-endian)"
    even, odd = sample[0::2], sample[1::2]
    if odd.count(0) > 0.4 * len(odd) and even.count(0) < 0.05 * len(even):
        return "UTF-16 (little-endian)"
    if even.count(0) > 0.4 * len(even) and odd.count(0) < 0.05 * len(odd):
        return "UTF-16 (big-endian)"
    return ""
