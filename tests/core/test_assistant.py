"""The rubric assistant (issue 31): draft, diagnose, propose, prove on held-out reviews, accept, fitness.

One seeded store of real offline runs (tests/core/assistant_seed.py) is made once per module and copied into
each test's home.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from rubric_core.assistant.accept import accept
from rubric_core.assistant.doctor import examine
from rubric_core.assistant.drafting import draft_rubric
from rubric_core.assistant.fitness import fitness
from rubric_core.assistant.proof import MIN_HELD_OUT, AssistantError, prove
from rubric_core.judge.kappa_interval import MIN_INTERVAL_N
from rubric_core.store import Store, open_store
from tests.core.assistant_seed import NAME, SEED, fix_split, review_all, seed_runs
from tests.core.helpers import run_cli


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = tmp_path_factory.mktemp("assistant") / "home"
    home.mkdir()
    seed_runs(home)
    review_all(home)
    fix_split(home)
    return home


@pytest.fixture
def store(seeded: Path, home: Path) -> Any:
    shutil.copytree(seeded, home, dirs_exist_ok=True)
    s = open_store()
    yield s
    s.close()


def _by_kind(diagnosis: Any) -> dict[tuple[str, str], Any]:
    return {(f.kind, f.criterion): f for f in diagnosis.findings}


def test_the_doctor_finds_each_planted_problem_with_its_numbers_and_cells(store: Store) -> None:
    diagnosis = examine(store, NAME, seed=SEED)
    found = _by_kind(diagnosis)
    accepts = found[("disagrees_accepts", "At most 150 words")]
    assert accepts.numbers["false_acceptances"] > 0 and accepts.cells
    assert all(c.verdict == "pass" and c.human is False for c in accepts.cells)
    assert accepts.numbers["reviewed_held_out"] > 0  # said, never used
    assert ("vague", "Is short") in found and ("mostly_na", "Is short") in found
    assert found[("compound", "Mentions the team and the deadline")].numbers["parts"] == [
        "Mentions the team",
        "Mentions the deadline",
    ]
    assert ("always_passes", "Has at least 1 line") in found
    # False acceptances are listed first.
    assert diagnosis.findings[0].kind == "disagrees_accepts"
    kinds = {p.kind for p in diagnosis.proposals}
    assert {"threshold", "explicit_measure", "split", "drop"} <= kinds
    for p in diagnosis.proposals:
        assert p.source.startswith("rule: ") and p.reason and p.edited_rubric != store.get_rubric(NAME)["text"]


def test_a_good_proposal_is_proven_better_on_held_out_reviews_and_a_bad_one_is_not(store: Store) -> None:
    diagnosis = examine(store, NAME, seed=SEED)
    good = next(p for p in diagnosis.proposals if p.kind == "threshold")
    bad = next(p for p in diagnosis.proposals if p.kind == "split")
    proof = prove(store, good.id)
    assert proof.outcome == "better", proof.why
    before, after = proof.criterion_before, proof.criterion_after
    assert before.n >= MIN_HELD_OUT and after.rate > before.rate
    assert after.false_acceptances <= before.false_acceptances
    assert after.rate_ci and after.kappa is not None
    # Issue 40: no interval over fewer than MIN_INTERVAL_N cells ("too few to say"), a bootstrap from there.
    assert after.kappa_ci_method == ("too_few" if after.n < MIN_INTERVAL_N else "bootstrap")
    assert (after.kappa_ci is None) == (after.n < MIN_INTERVAL_N)
    # Scored only on runs the proposer never saw; one regrade of the stored drafts, no writer call.
    assert proof.held_out_runs and all(diagnosis.split.holds_out(r) for r in proof.held_out_runs)
    assert proof.regraded_drafts == sum(1 for c in diagnosis.evidence.cells if c.position == 0)
    not_better = prove(store, bad.id)
    assert not_better.outcome == "not_better" and "does not go up" in not_better.why
    # Accept: the good one becomes version 2 with its proof; the bad one only on purpose.
    done = accept(store, good.id)
    assert (done.version, done.new, done.outcome) == (2, True, "better")
    assert store.get_rubric(NAME, 2)["text"] == good.edited_rubric
    with pytest.raises(AssistantError, match="not proven better"):
        accept(store, bad.id)
    # Issue 40: the pooled kappa says gate, but "Is short" is mostly n/a: said, and never rated a gate.
    fit = fitness(store, NAME, 2)
    assert fit.kappa is not None and fit.kappa >= 0.7 and fit.band == "monitoring"
    assert "'Is short'" in fit.capped and fit.na and "could not judge" in fit.label
    assert fitness(store, NAME, 1).band in ("exploration", "monitoring")


def test_a_proof_with_too_few_held_out_reviews_says_how_many_and_which_cells_first(seeded: Path, home: Path) -> None:
    shutil.copytree(seeded, home, dirs_exist_ok=True)
    (home / "runs.sqlite").unlink()
    for extra in home.glob("runs.sqlite-*"):
        extra.unlink()
    seed_runs(home, items=4)
    review_all(home, only={"Has at least 1 line", "Mentions the team and the deadline"})
    fix_split(home)  # one or two of the four runs held out, never none
    store = open_store()
    try:
        diagnosis = examine(store, NAME, seed=SEED)
        proposal = next(p for p in diagnosis.proposals if p.kind == "explicit_measure")
        proof = prove(store, proposal.id)
        assert proof.outcome == "too_few" and proof.needed == MIN_HELD_OUT
        assert f"Review {MIN_HELD_OUT} more" in proof.why
        assert proof.review_first and all(diagnosis.split.holds_out(c["run_id"]) for c in proof.review_first)
        assert proof.review_first[0]["why"] == "the edit changes its verdict"
        with pytest.raises(AssistantError, match="not proven better"):
            accept(store, proposal.id)
    finally:
        store.close()


def test_the_split_is_stored_per_rubric_and_the_llm_sample_never_holds_a_held_out_cell(store: Store) -> None:
    from rubric_core.assistant.prompts import cell_sample

    stored = store.engine.connect().exec_driver_sql("SELECT seed FROM rubric_splits").scalar()
    first = examine(store, NAME, seed=SEED)
    again = examine(store, NAME, seed=12345)  # the stored seed wins: the split never moves
    assert again.split == first.split and first.split.seed == stored
    sample = cell_sample(first.evidence, "At most 150 words", first.split, limit=100)
    held = [c for c in first.evidence.of("At most 150 words") if first.split.holds_out(c.run_id)]
    learn = [c for c in first.evidence.of("At most 150 words") if not first.split.holds_out(c.run_id)]
    assert held and learn and sample
    for c in held:
        assert first.evidence.drafts[(c.run_id, c.turn, c.iteration)][:60] not in sample


def test_offline_drafts_offer_only_checkable_criteria_and_list_the_rest_for_an_llm() -> None:
    task = (
        "Write a friendly product announcement for our new bike lock, the LockPro X, under 120 words, with a "
        "call to action. It costs $49."
    )
    draft = draft_rubric(task)
    texts = [c.text for c in draft.criteria]
    assert texts[0] == "Fewer than 120 words" and "Includes a call to action" in texts
    assert "Mentions LockPro X" in texts and any("$49" in t for t in texts)
    assert all(c.checkable and c.reason for c in draft.criteria)
    left = [c.text for c in draft.left_to_llm]
    assert "Is friendly" in left and not any(c.checkable for c in draft.left_to_llm)
    assert {c.check["kind"] for c in draft.criteria} >= {"word_count", "pattern"}
    # "shorter" asks for a shorter answer: the length bound tightens, no criterion is dropped (issue 38 item 6)
    shorter = draft_rubric(task, note="shorter", previous=draft)
    assert [c.text for c in shorter.criteria] == ["Fewer than 80 words", *texts[1:]]
    toned = draft_rubric(task, note="add a criterion for tone", previous=draft)
    assert [c.text for c in toned.criteria][: len(texts)] == texts and "tone" in toned.criteria[-1].text
    haiku = draft_rubric("Write a haiku about autumn leaves.")
    assert {"Exactly 3 lines", "Follows a 5-7-5 syllable pattern"} <= {c.text for c in haiku.criteria}
    with pytest.raises(ValueError, match="task is empty"):
        draft_rubric("   ")


def _structured_brain(answers: list[dict[str, Any]], prompts: list[str]) -> Any:
    from langchain_core.messages import AIMessage

    from tests.stubs.openai_stub import _content_text

    def brain(messages: list[Any], kwargs: dict[str, Any]) -> AIMessage:
        prompts.append("\n".join(_content_text(m.content) for m in messages))
        return AIMessage(content=json.dumps(answers.pop(0)))

    return brain


def test_an_llm_drafts_and_proposes_through_structured_output_over_the_provider_path(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The real ChatOpenAI against the local stub: the drafter and the proposer answer a JSON schema; their
    calls are bounded and counted; the proposer reads disagreeing cells of the learning part only."""
    from tests.stubs.openai_stub import StubOpenAI

    prompts: list[str] = []
    answers: list[dict[str, Any]] = [
        {"not": "a draft"},  # an unusable answer is asked again, within the call limit
        {
            "criteria": [
                {"text": "Fewer than 120 words", "reason": "the task's length"},
                {"text": "Is upbeat", "reason": "tone"},
            ]
        },
    ]
    with StubOpenAI(_structured_brain(answers, prompts)) as stub:
        monkeypatch.setenv("OPENAI_BASE_URL", stub.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", "sk-planted-assistant-0001")
        draft = draft_rubric("Announce the LockPro X in under 120 words.", model="openai:gpt-4o-mini")
        assert [c.text for c in draft.criteria] == ["Fewer than 120 words", "Is upbeat"]
        assert draft.source == "llm: openai:gpt-4o-mini" and draft.usage["calls"] == 2
        assert draft.usage["total_tokens"] > 0 and draft.usage["cost_usd"] is not None
        assert draft.criteria[1].check["kind"] == "cannot_judge"  # shown with the check that will judge it
        assert all(r["body"].get("text", {}).get("format") for r in stub.requests)  # structured output asked
        examine(store, NAME, seed=SEED)  # rules first: stores the split
        criteria_with_findings = len({f.criterion for f in examine(store, NAME).findings})
        answers[:] = [
            {"edits": [{"kind": "reword", "new_lines": ["At most 55 words"], "reason": "reviewers want brevity"}]}
        ] * criteria_with_findings
        prompts.clear()
        diagnosis = examine(store, NAME, model="openai:gpt-4o-mini")
    llm = [p for p in diagnosis.proposals if p.source == "llm: openai:gpt-4o-mini"]
    assert llm and diagnosis.usage["calls"] == criteria_with_findings
    assert "sk-planted" not in json.dumps(diagnosis.to_dict())
    held = [c for c in diagnosis.evidence.cells if diagnosis.split.holds_out(c.run_id) and c.human is not None]
    for c in held:
        assert diagnosis.evidence.drafts[(c.run_id, c.turn, c.iteration)][:60] not in "\n".join(prompts)


def test_the_command_line_drafts_diagnoses_proves_accepts_and_gates_on_fitness(store: Store, tmp_path: Path) -> None:
    task = tmp_path / "task.md"
    task.write_text("Write a haiku about the sea.", encoding="utf-8")
    out = run_cli("rubric", "draft", "--task-file", str(task), "--jsonl")
    assert out.returncode == 0, out.stderr
    record = json.loads(out.stdout)
    assert record["type"] == "rubric_draft" and "- Exactly 3 lines\n" in record["rubric"]
    store.close()
    doctor = run_cli("rubric", "doctor", NAME, "--jsonl")  # the split is stored (fix_split): no --seed now
    assert doctor.returncode == 0, doctor.stderr
    rows = [json.loads(line) for line in doctor.stdout.splitlines()]
    proposal = next(r for r in rows if r["type"] == "proposal" and r["kind"] == "threshold")
    assert rows[0]["type"] == "diagnosis" and any(r["type"] == "finding" for r in rows)
    proved = run_cli("rubric", "prove", NAME, "--proposal", proposal["id"][:8])
    assert proved.returncode == 0 and "BETTER" in proved.stdout and "held-out" in proved.stdout
    gate = run_cli(
        "suite", "run", "--dataset", str(_dataset(tmp_path)), "--rubric-name", NAME, "--require-fitness", "gate"
    )
    assert gate.returncode == 2 and "--require-fitness gate" in gate.stderr and "v1 is" in gate.stderr
    accepted = run_cli("rubric", "accept", NAME, "--proposal", proposal["id"])
    assert accepted.returncode == 0 and "saved as version 2" in accepted.stdout
    fit = run_cli("rubric", "fitness", NAME, "--version", "2")
    assert fit.returncode == 0 and fit.stdout.startswith(f"{NAME} v2: monitoring (kappa")
    assert "could not judge" in fit.stdout and "a gate must judge every criterion" in fit.stdout
    for args, fragment in (
        (("rubric", "doctor", "no-such-rubric"), "No rubric 'no-such-rubric'"),
        (("rubric", "doctor", NAME, "--version", "0"), "--version must be 1 or more"),
        (("rubric", "prove", NAME, "--proposal", "ffffffffffff"), "No proposal"),
        (("rubric", "draft", "--task-file", str(tmp_path / "missing.md")), "missing.md"),
    ):
        bad = run_cli(*args)
        assert bad.returncode == 2 and fragment in bad.stderr, (args, bad.stderr)


def _dataset(tmp_path: Path) -> Path:
    path = tmp_path / "items.jsonl"
    path.write_text(json.dumps({"id": "a", "task": "Write a status update about the office move."}) + "\n")
    return path


def test_a_line_no_check_covers_gets_a_project_grader_tool_named_when_the_runs_had_one() -> None:
    """The 'name a grader tool' rule: a project's own tool (its passed / tests report decides a line) is offered
    for a criterion that is mostly n/a; a built-in tool, or a line that names a tool already, gets none."""
    from rubric_core.assistant.evidence import Evidence
    from rubric_core.assistant.findings import Finding
    from rubric_core.assistant.proposals import propose
    from rubric_core.assistant.split import Split

    rubric = "- Handles an empty list\n- Defines a function find_duplicates\n"
    criteria = ["Handles an empty list", "Defines a function find_duplicates"]
    finding = Finding("Handles an empty list", "mostly_na", "Mostly n/a", {"na": 3, "verdicts": 3})
    evidence = Evidence("fixer", 1, rubric, criteria, [], [], grader_tools=["python_tests", "run_test_suite"])
    (proposal,) = [p for p in propose(evidence, [finding], Split(1, 0.5)) if p.kind == "name_tool"]
    assert proposal.edited_rubric == "- Handles an empty list (run_test_suite)\n- Defines a function find_duplicates\n"
    assert proposal.mapping["Handles an empty list (run_test_suite)"] == ["Handles an empty list"]
    assert proposal.source == "rule: name a grader tool"
    builtin_only = Evidence("fixer", 1, rubric, criteria, [], [], grader_tools=["python_tests"])
    assert not [p for p in propose(builtin_only, [finding], Split(1, 0.5)) if p.kind == "name_tool"]
