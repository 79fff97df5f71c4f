"""Finding what a command was given, for its resolve step: runs, suite runs, proposals, rubric versions, matrix
columns and baselines, model specs and whether their providers can be used now. Each raises BadInput (exit 2)
saying what is wrong and how to fix it; none writes.
"""

from __future__ import annotations

from typing import Any

from rubric_core.cli.common import BadInput


def find_run(store: Any, given: str, *, prefix: bool = True) -> dict[str, Any]:
    """The run `given` names (its id, or with `prefix` an unambiguous start of it)."""
    from rubric_core.store.ids import RUN, IdNotFound, resolve_id

    try:
        run_id = resolve_id(store, RUN, given, prefix=prefix)
    except IdNotFound as exc:
        raise BadInput(_also_suite(store, given, str(exc))) from None
    run = store.get_run(run_id)
    assert run is not None
    return dict(run)


def _also_suite(store: Any, given: str, message: str) -> str:
    """A run id that is a suite run's: say so (the command for it is a `suite` one)."""
    from rubric_core.store.ids import SUITE_RUN, IdNotFound, resolve_id

    try:
        suite = resolve_id(store, SUITE_RUN, given, prefix=False)
    except IdNotFound:
        return message
    return f"{given[:40]!r} is a suite run ({suite[:12]}), not a run: the `suite` commands take it."


def find_suite(store: Any, given: str) -> dict[str, Any]:
    """The suite run `given` names (its id or an unambiguous start of it)."""
    from rubric_core.store.ids import RUN, SUITE_RUN, IdNotFound, resolve_id
    from rubric_core.suites.suite_store import get_suite_run

    try:
        suite_id = resolve_id(store, SUITE_RUN, given)
    except IdNotFound as exc:
        try:
            run = resolve_id(store, RUN, given, prefix=False)
        except IdNotFound:
            raise BadInput(str(exc)) from None
        raise BadInput(f"{given[:40]!r} is a run ({run[:12]}), not a suite run: `suite list` shows those.") from None
    suite = get_suite_run(store, suite_id)
    assert suite is not None
    return suite


def find_proposal(store: Any, given: str) -> dict[str, Any]:
    """The stored proposal `given` names (its id or an unambiguous start of at least 6 characters)."""
    from rubric_core.store import assistant as assistant_store
    from rubric_core.store.ids import PROPOSAL, IdNotFound, resolve_id

    try:
        proposal_id = resolve_id(store, PROPOSAL, given.lower() if given.strip().isalnum() else given)
    except IdNotFound as exc:
        raise BadInput(str(exc)) from None
    found = assistant_store.get_proposal(store, proposal_id)
    assert found is not None
    return found


def rubric_versions(store: Any, name: str) -> list[int]:
    """The library versions of rubric `name` (BadInput when it has none), oldest first."""
    if not name.strip():
        raise BadInput("The rubric name is empty: give a library rubric's name (the Rubrics page lists them).")
    versions = [int(v["version"]) for v in store.rubric_versions(name)]
    if not versions:
        names = ", ".join(repr(r["name"]) for r in store.list_rubrics()[:10]) or "none yet"
        raise BadInput(f"No rubric {name[:80]!r} in the library (rubrics: {names}).")
    return versions


def rubric_version(store: Any, name: str, version: int | None, flag: str = "--version") -> int:
    """The library version `version` of `name` (its latest when None), refusing one it does not have."""
    if version is not None and version < 1:
        raise BadInput(f"{flag} must be 1 or more (versions count from 1); got {version}.")
    versions = rubric_versions(store, name)
    if version is None:
        return versions[-1]
    if version not in versions:
        raise BadInput(f"{flag} {version}: rubric {name!r} has no version {version}; it has {_listed(versions)}.")
    return version


def _listed(versions: list[int]) -> str:
    return "version " + str(versions[0]) if len(versions) == 1 else "versions " + ", ".join(map(str, versions))


def column_index(given: int | None, columns: int, suite_id: str, flag: str = "--column") -> int | None:
    """The 0-based matrix column `given` (from 1) names; None when not given. `columns` 0: a one-column suite run."""
    if given is None:
        return None
    if not columns:
        if given == 1:
            return None
        raise BadInput(f"{flag} {given}: suite run {suite_id[:12]} is a one-column suite run (no columns to pick).")
    if not 1 <= given <= columns:
        raise BadInput(f"{flag} {given}: this matrix has columns 1 to {columns} (counted from 1).")
    return given - 1


def baseline_index(given: int | None, columns: int, what: str = "this matrix") -> int:
    """The 0-based baseline column of a matrix of `columns` columns (the first when not given)."""
    if given is None:
        return 0
    if columns < 2:
        raise BadInput(
            f"--baseline {given}: {what} has one column, so there is no baseline to pick; a baseline is a column of "
            "a matrix (2 to 8 columns). Leave --baseline out."
        )
    if not 1 <= given <= columns:
        raise BadInput(f"--baseline {given}: {what} has columns 1 to {columns} (counted from 1); pick one of them.")
    return given - 1


def model_spec(value: str, flag: str) -> str:
    """A model spec as given to `flag`: refused when empty or not provider:model-id (never replaced by a default)."""
    from rubric_core.models.providers import ModelSpecError, parse_model_spec

    try:
        parse_model_spec(value)
    except ModelSpecError as exc:
        raise BadInput(f"{flag}: {exc}") from None
    return value


def models_ready(specs: list[tuple[str, str]]) -> None:
    """Refuse models that cannot be used now (no API key, a local server not listening), each named with its role.

    `specs`: (role, spec) pairs, e.g. ("column 2's grader", "openai:gpt-4o-mini"). Each distinct spec is checked
    once. Nothing has been stored when this refuses.
    """
    from rubric_core.models.providers import ModelSpecError, check_model_ready, parse_model_spec

    seen: dict[str, str | None] = {}
    for role, spec in specs:
        try:
            parsed = parse_model_spec(spec)
        except ModelSpecError as exc:
            raise BadInput(f"{role}: {exc}") from None
        key = str(parsed)
        if key not in seen:
            seen[key] = check_model_ready(parsed)
        if seen[key]:
            raise BadInput(f"{role}: {seen[key]} Nothing was run or stored.")
