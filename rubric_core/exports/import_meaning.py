"""What a schema cannot say about one imported run: the rules a stored run keeps, each refused with its line.

Every rule is one a run the product recorded keeps, so an export always passes and a file that breaks one was
made or edited by hand (or by another tool) and would be stored contradicting itself:

- versions: a field newer than the line's `schema_version` (a version 1-4 file carrying `verdict` / `check`,
  which EXPORTS.md says are read from `passed` and marked unrecorded), two versions in one line;
- times: ISO date-times from 1970 to 2261, not in the future, a run finishing after it started, a pass graded
  after it was drafted;
- passes: once each, in order, from iteration 0 with no gap and under max_iterations; the counts
  (`iterations`, `turns`, `turn_number`, `iteration_number`) agree with the history;
- verdicts: `verdict` agrees with `passed`; a check `kind` some version defines (a tool check names its tool);
  a criterion once per pass; a `satisfied` pass with no failing criterion; `cannot_judge` never passes; no
  `judgement` from the offline grader (it has only deterministic checks); `final_criteria` are the last pass's;
- the outcome: the status agrees with the last pass; an error message only on a run that did not succeed;
- tokens (a total is not smaller than its parts), file paths (the agent's own: no '..', each once), reviews,
  a rubric version only of a named rubric, the suite cell's shape and a run configuration a run would take.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from rubric_core.exports.export_schema import _EARLIEST, _LATEST
from rubric_core.exports.import_errors import refuse
from rubric_core.exports.import_versions import check_versions
from rubric_core.verdicts import CANNOT_JUDGE, CHECK_LABELS, JUDGEMENT

FUTURE_SLACK_S = 86_400.0
"""A run may say it started up to a day ahead of this machine's clock (clocks and time zones differ), no more."""


def check_meaning(record: dict[str, Any], line: int) -> None:
    """RecordError for the first rule the (schema-valid) record breaks."""
    meta = record["metadata"]
    check_versions(record, line)
    _check_dates(meta, line)
    _check_passes(meta, line)
    _check_verdicts(record, line)
    _check_outcome(record, line)
    _check_reviews(meta, line)
    _check_tokens(meta, line)
    _check_files(record, line)
    if meta.get("rubric_version") is not None and not (meta.get("rubric_name") or "").strip():
        raise refuse(
            line,
            f"metadata.rubric_version is {meta['rubric_version']}, but metadata.rubric_name is empty: a version "
            "belongs to a named library rubric. Name it, or set rubric_version to null.",
        )
    from rubric_core.exports.import_suite_cell import check_suite_cell

    check_suite_cell(record, line)
    _check_config(record, line)


# ---- versions ----------------------------------------------------------------------------------------------


# ---- times -------------------------------------------------------------------------------------------------


def _time(value: Any, path: str, line: int) -> float | None:
    if value is None:
        return None
    try:
        dt = datetime.fromisoformat(str(value))
        ts = (dt if dt.tzinfo else dt.replace(tzinfo=UTC)).timestamp()
    except (ValueError, OverflowError, OSError):
        raise refuse(
            line, f"{path} is not an ISO date-time ({value!r}); write e.g. 2026-05-01T12:00:00+00:00."
        ) from None
    if not _EARLIEST <= ts < _LATEST:
        raise refuse(line, f"{path} {value!r} is out of range: use a date from 1970 to 2261.")
    return ts


def _check_dates(meta: dict[str, Any], line: int) -> None:
    import time

    created = _time(meta.get("created_at"), "metadata.created_at", line)
    finished = _time(meta.get("finished_at"), "metadata.finished_at", line)
    now = time.time()
    for key, ts in (("created_at", created), ("finished_at", finished)):
        if ts is not None and ts > now + FUTURE_SLACK_S:
            raise refuse(
                line,
                f"metadata.{key} ({meta[key]}) is in the future: a stored run started and ended before it was "
                "exported. Fix the date.",
            )
    if created is not None and finished is not None and finished < created:
        raise refuse(
            line, f"metadata.finished_at ({meta['finished_at']}) is before metadata.created_at ({meta['created_at']})."
        )
    for n, step in enumerate(meta["history"]):
        at = f"metadata.history[{n}]"
        drafted = _time(step.get("drafted_at"), f"{at}.drafted_at", line)
        started = _time(step.get("grading_started_at"), f"{at}.grading_started_at", line)
        graded = _time(step.get("graded_at"), f"{at}.graded_at", line)
        if drafted is not None and graded is not None and graded < drafted:
            raise refuse(line, f"{at}.graded_at ({step['graded_at']}) is before its drafted_at ({step['drafted_at']}).")
        if drafted is not None and started is not None and started < drafted:
            raise refuse(
                line,
                f"{at}.grading_started_at ({step['grading_started_at']}) is before its drafted_at "
                f"({step['drafted_at']}): a draft is graded after it is written.",
            )
        if started is not None and graded is not None and graded < started:
            raise refuse(
                line,
                f"{at}.graded_at ({step['graded_at']}) is before its grading_started_at ({step['grading_started_at']}).",
            )


# ---- passes and their counts ------------------------------------------------------------------------------


def _check_passes(meta: dict[str, Any], line: int) -> None:
    """Passes once each, in order; per turn from iteration 0 with no gap and under max_iterations; counts agree."""
    config = meta.get("config") or {}
    cap = config.get("max_iterations", 3) if isinstance(config, dict) else 3
    cap = cap if isinstance(cap, int) and not isinstance(cap, bool) and cap > 0 else 3
    history = meta["history"]
    keys = [(int(step["turn"]), int(step["iteration"])) for step in history]
    seen: set[tuple[int, int]] = set()
    for n, key in enumerate(keys):
        if key in seen:
            raise refuse(
                line, f"metadata.history[{n}] repeats turn {key[0]} iteration {key[1]}: each pass appears once."
            )
        if n and key < keys[n - 1]:
            raise refuse(line, f"metadata.history[{n}] is out of order: list passes by turn, then iteration.")
        seen.add(key)
    last = (-1, -1)
    for n, (turn, iteration) in enumerate(keys):
        at = f"metadata.history[{n}]"
        expected = last[1] + 1 if turn == last[0] else 0
        if iteration != expected:
            raise refuse(
                line,
                f"{at} is turn {turn} iteration {iteration}, but iteration {expected} of that turn is missing: "
                "iterations count from 0 with no gap.",
            )
        if iteration >= cap:
            raise refuse(
                line,
                f"{at} is iteration {iteration} (pass {iteration + 1}), past max_iterations {cap} "
                "(metadata.config.max_iterations).",
            )
        step = history[n]
        for number, counted in (("turn_number", turn), ("iteration_number", iteration)):
            if number in step and step[number] != counted + 1:
                base = number.split("_")[0]
                raise refuse(
                    line,
                    f"{at}.{number} is {step[number]}, but {base} is {counted}: {number} is {base} + 1 (the same "
                    f"count, from 1). Make them agree ({number} {counted + 1}).",
                )
        last = (turn, iteration)
    graded = sum(1 for step in history if step.get("result"))
    count = meta.get("iterations")
    if count is not None and count != graded:
        raise refuse(
            line,
            f"metadata.iterations is {count}, but metadata.history holds {graded} graded pass(es): they must agree.",
        )
    turns = {t for t, _ in keys} | {
        int(t["turn"]) for t in meta.get("turn_inputs") or [] if isinstance(t, dict) and isinstance(t.get("turn"), int)
    }
    if meta.get("turns") is not None and turns and meta["turns"] != max(turns) + 1:
        raise refuse(
            line,
            f"metadata.turns is {meta['turns']}, but the history and turn_inputs hold {max(turns) + 1} turn(s): "
            "they must agree.",
        )


# ---- verdicts ----------------------------------------------------------------------------------------------


def _failed(c: dict[str, Any]) -> bool:
    """A criterion the grader failed (not n/a: that is no verdict on the draft)."""
    return c.get("verdict") == "fail" or ("verdict" not in c and not c.get("passed"))


def _check_criterion(c: dict[str, Any], at: str, grader: str, line: int) -> None:
    verdict = c.get("verdict")
    if verdict is not None and bool(c["passed"]) != (verdict == "pass"):
        raise refuse(
            line,
            f"{at}.verdict is {verdict!r} but {at}.passed is {str(c['passed']).lower()}: passed is true exactly "
            "when the verdict is pass (n/a is false there, EXPORTS.md). Make them agree.",
        )
    check = c.get("check")
    if not isinstance(check, dict):
        return
    kind = check["kind"]
    if kind not in CHECK_LABELS:
        hint = f" (did you mean {kind.lower()!r}?)" if kind.lower() in CHECK_LABELS else ""
        raise refuse(
            line,
            f"{at}.check.kind {kind!r} is not a check kind{hint}: use one of {', '.join(CHECK_LABELS)} (EXPORTS.md).",
        )
    if kind == "tool" and not (check.get("label") or "").strip():
        raise refuse(line, f"{at}.check is a tool check with no label: a tool check names its grader tool in label.")
    if kind == CANNOT_JUDGE and (c["passed"] or verdict == "pass"):
        raise refuse(
            line,
            f"{at} passed by a {CANNOT_JUDGE} check: a criterion the grader could not judge is n/a (passed false).",
        )
    if kind == JUDGEMENT and grader.strip().lower().startswith("offline:"):
        raise refuse(
            line,
            f"{at}.check.kind is {JUDGEMENT!r} in a run graded by {grader}, which has deterministic checks only "
            "(no judgement of its own): name the check that decided it, or the grader that judged it.",
        )


def _check_verdicts(record: dict[str, Any], line: int) -> None:
    meta = record["metadata"]
    grader = meta["models"]["grader"]
    last: dict[str, Any] | None = None
    for n, step in enumerate(meta["history"]):
        at = f"metadata.history[{n}]"
        names: dict[str, int] = {}
        for k, c in enumerate(step.get("criteria") or []):
            if c["name"] in names:
                raise refuse(
                    line,
                    f"{at}.criteria[{k}] grades {c['name']!r} again (criteria[{names[c['name']]}] did): a pass "
                    "grades each criterion once.",
                )
            names[c["name"]] = k
            _check_criterion(c, f"{at}.criteria[{k}]", grader, line)
        failing = [c["name"] for c in step.get("criteria") or [] if _failed(c)]
        if step.get("result") == "satisfied" and failing:
            raise refuse(
                line,
                f"{at}.result is satisfied, yet its criterion {failing[0]!r} failed: a satisfied pass has every "
                "criterion met (or n/a).",
            )
        if step.get("result"):
            last = step
    final = meta.get("final_criteria")
    if final is None:
        return
    names = {}
    for k, c in enumerate(final):
        if c["name"] in names:
            raise refuse(line, f"metadata.final_criteria[{k}] lists {c['name']!r} twice: once each.")
        names[c["name"]] = k
        _check_criterion(c, f"metadata.final_criteria[{k}]", grader, line)
    graded = {c["name"]: c for c in (last or {}).get("criteria") or []}
    for c in final:
        other = graded.get(c["name"])
        if other is None:
            raise refuse(
                line,
                f"metadata.final_criteria names {c['name']!r}, which the last graded pass did not grade: "
                "final_criteria are that pass's verdicts.",
            )
        if bool(other["passed"]) != bool(c["passed"]) or other.get("verdict", c.get("verdict")) != c.get("verdict"):
            raise refuse(
                line,
                f"metadata.final_criteria says {c['name']!r} {_said(c)}, the last graded pass says {_said(other)}: "
                "final_criteria are that pass's verdicts.",
            )
    if len(final) != len(graded) and final:
        missing = next(name for name in graded if name not in names)
        raise refuse(line, f"metadata.final_criteria leaves out {missing!r}, which the last graded pass graded.")


def _said(c: dict[str, Any]) -> str:
    return str(c.get("verdict") or ("pass" if c["passed"] else "fail"))


# ---- the outcome, tokens, files, reviews, the run configuration ------------------------------------------


def _check_outcome(record: dict[str, Any], line: int) -> None:
    status = record["outputs"]["status"]
    meta = record["metadata"]
    results = [step["result"] for step in meta["history"] if step.get("result")]
    last = results[-1] if results else None
    if status == "satisfied" and last not in (None, "satisfied"):
        raise refuse(line, f"outputs.status is satisfied, but the last graded pass's result is {last}.")
    if last == "satisfied" and status in ("max_iterations_reached", "failed", "grader_error"):
        raise refuse(
            line,
            f"outputs.status is {status}, but the last graded pass's result is satisfied: a satisfied pass ends "
            "the run satisfied.",
        )
    if status == "satisfied" and (meta.get("error") or "").strip():
        raise refuse(line, "metadata.error holds an error message, but outputs.status is satisfied: which is it?")


def _check_tokens(meta: dict[str, Any], line: int) -> None:
    places = [("metadata.tokens", meta.get("tokens"))] + [
        (f"metadata.history[{n}].tokens", step.get("tokens")) for n, step in enumerate(meta["history"])
    ]
    for at, tokens in places:
        if not isinstance(tokens, dict):
            continue
        parts = [tokens.get("input_tokens"), tokens.get("output_tokens")]
        total = tokens.get("total_tokens")
        if isinstance(total, int) and all(isinstance(p, int) for p in parts) and total < sum(parts):  # type: ignore[arg-type]
            raise refuse(
                line,
                f"{at}.total_tokens is {total}, smaller than input_tokens + output_tokens ({sum(parts):,}): a "  # type: ignore[arg-type]
                "total counts both.",
            )


def _check_files(record: dict[str, Any], line: int) -> None:
    places = [("outputs.files", record["outputs"].get("files"))] + [
        (f"metadata.history[{n}].files", step.get("files")) for n, step in enumerate(record["metadata"]["history"])
    ]
    for at, files in places:
        if not files:
            continue
        # The agent's file paths are paths of its own file system, as deepagents checks them (absolute, no '..').
        from deepagents.backends.utils import validate_path

        seen: dict[str, int] = {}
        for k, f in enumerate(files):
            try:
                path = validate_path(f["path"])
            except ValueError as exc:
                raise refuse(
                    line, f"{at}[{k}].path {f['path'][:80]!r} is not a path an agent's file has: {exc}."
                ) from None
            if path in seen:
                raise refuse(
                    line,
                    f"{at}[{k}].path {f['path'][:80]!r} is the path of {at}[{seen[path]}] again: one content per file.",
                )
            seen[path] = k


def _check_reviews(meta: dict[str, Any], line: int) -> None:
    """A human verdict on a criterion names its reviewer, and both pass the Review page's own checks."""
    from rubric_core.judge.reviews import MAX_STORED_REVIEWER_CHARS, ReviewError, check_reason, check_reviewer

    for n, step in enumerate(meta["history"]):
        for k, criterion in enumerate(step.get("criteria") or []):
            said = criterion.get("human_verdict")
            if criterion.get("human_passed") is None:
                if said is not None:
                    raise refuse(
                        line,
                        f"metadata.history[{n}].criteria[{k}].human_verdict is {said!r} with no human_passed: a human "
                        "verdict is stored as both (pass is human_passed true; fail and n/a false). Give both, or neither.",
                    )
                continue
            if said is not None and (said == "pass") != bool(criterion["human_passed"]):
                raise refuse(
                    line,
                    f"metadata.history[{n}].criteria[{k}].human_verdict is {said!r} but human_passed is "
                    f"{criterion['human_passed']}: pass is human_passed true, fail and n/a false. Make them agree.",
                )
            try:
                check_reviewer(criterion.get("reviewer"), limit=MAX_STORED_REVIEWER_CHARS)
                check_reason(criterion.get("human_reason"))
            except ReviewError as exc:
                raise refuse(line, f"metadata.history[{n}].criteria[{k}]: {exc}") from None


def _check_config(record: dict[str, Any], line: int) -> None:
    from rubric_core.config import ConfigError, RunConfig

    meta = record["metadata"]
    config = dict(meta.get("config") or {})
    config.update(
        task=record["inputs"]["task"],
        rubric=record["inputs"]["rubric"],
        model=meta["models"]["model"],
        grader=meta["models"]["grader"],
    )
    config.pop("rubric_name", None)
    try:
        RunConfig.from_dict(config)
    except ConfigError as exc:
        field, problem = next(iter(exc.errors.items()))
        where = {"task": "inputs.task", "rubric": "inputs.rubric", "model": "metadata.models.model"}.get(
            field, "metadata.models.grader" if field == "grader" else f"metadata.config.{field}"
        )
        raise refuse(line, f"{where}: {problem}") from None
