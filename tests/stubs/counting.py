"""Telling the loopback stub's requests apart: a grader's (it asks for a GraderResponse) or the working model's."""

from __future__ import annotations

from typing import Any


def is_grader_request(body: dict[str, Any]) -> bool:
    """Whether a Responses API request body asks for the grader's verdict (a GraderResponse tool or JSON schema)."""
    names = [t.get("name") for t in body.get("tools") or [] if isinstance(t, dict)]
    fmt = (body.get("text") or {}).get("format") or {}
    return "GraderResponse" in names or fmt.get("type") == "json_schema"


def calls_by_role(requests: list[dict[str, Any]]) -> dict[str, int]:
    """{"grader": n, "writer": m} of the requests a stub received (`stub.requests`)."""
    grader = sum(1 for r in requests if is_grader_request(r.get("body") or {}))
    return {"grader": grader, "writer": len(requests) - grader}
