"""The rubric assistant's findings, proposals, kappa interval and fitness (issue 40 item 6), on evidence built in
memory (no run needed) and, for fitness, on a small seeded store."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from rubric_core.assistant.evidence import Cell, Evidence
from rubric_core.assistant.findings import MIN_LEARN_REVIEWS, diagnose
from rubric_core.assistant.proposals import propose
from rubric_core.assistant.split import Split
from rubric_core.assistant.wording_findings import wording_findings
from rubric_core.judge.kappa_interval import MIN_INTERVAL_N, kappa_interval

WORDS = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen".split()


def _cell(run: str, iteration: int, position: int, criterion: str, verdict: str, **kw: Any) -> Cell:
    return Cell(
        run_id=run,
        turn=0,
        iteration=iteration,
        position=position,
        criterion=criterion,
        verdict=verdict,
        check={"found": "no check covers it"} if verdict == "n/a" else {},
        gap="",
        first=iteration == 0,
        final=kw.pop("final", True),
        **kw,
    )


def _evidence(rubric: str, runs: list[dict[str, Any]], cells: list[Cell], **kw: Any) -> Evidence:
    criteria = [line[2:] for line in rubric.splitlines() if line.startswith("- ")]
    rows = [{"grader": "offline:grader", "suite_run_id": "", **r} for r in runs]
    return Evidence("r", 1, rubric, criteria, rows, cells, **kw)


def _found(findings: list[Any], kind: str, criterion: str) -> Any:
    return next(f for f in findings if f.kind == kind and f.criterion == criterion)


def test_vivid_and_other_taste_words_are_vague() -> None:
    found = {
        f.criterion: f.numbers["words"]
        for f in wording_findings(["Uses vivid imagery", "Is catchy", "Has 3 lines"])
        if f.kind == "vague"
    }
    assert found == {"Uses vivid imagery": ["vivid"], "Is catchy": ["catchy"]}


def test_cap_hits_caused_only_by_na_are_reported_as_such_and_get_a_proposal() -> None:
    rubric = "- Exactly three lines\n- Uses vivid imagery\n"
    runs = [{"id": f"run{i}", "status": "max_iterations_reached"} for i in range(3)]
    cells = []
    for i in range(3):
        cells += [
            _cell(f"run{i}", 2, 0, "Exactly three lines", "pass"),
            _cell(f"run{i}", 2, 1, "Uses vivid imagery", "n/a"),
        ]
    runs.append({"id": "failed", "status": "max_iterations_reached"})  # a real failure there: not n/a alone
    cells += [_cell("failed", 2, 0, "Exactly three lines", "fail"), _cell("failed", 2, 1, "Uses vivid imagery", "n/a")]
    evidence = _evidence(rubric, runs, cells)
    findings = diagnose(evidence, Split(1, 0.5))
    hit = _found(findings, "na_cap_hits", "Uses vivid imagery")
    assert hit.numbers["cap_hits"] == 3 and "n/a alone" in hit.title and "no criterion failing" in hit.title
    assert {c.run_id for c in hit.cells} == {"run0", "run1", "run2"}
    assert not [f for f in findings if f.kind == "na_cap_hits" and f.criterion == "Exactly three lines"]
    # A quality the offline grader cannot judge: moved to an LLM grader (no observable rewording, no tool).
    proposals = propose(evidence, findings, Split(1, 0.5))
    moved = [p for p in proposals if p.answers(hit)]
    assert [p.kind for p in moved] == ["llm_grader"]
    assert moved[0].title == 'Move "Uses vivid imagery" to an LLM grader' and "LLM grader" in moved[0].reason
    assert moved[0].edited_rubric == "- Exactly three lines\n"


def test_a_quality_gets_an_observable_stand_in_or_a_grader_tool() -> None:
    rubric = "- Is persuasive\n- Uses vivid imagery\n"
    runs = [{"id": f"run{i}", "status": "satisfied"} for i in range(2)]
    cells = [
        _cell(f"run{i}", 0, p, c, "n/a")
        for i in range(2)
        for p, c in enumerate(("Is persuasive", "Uses vivid imagery"))
    ]
    evidence = _evidence(rubric, runs, cells, grader_tools=["judge_imagery"])
    findings = diagnose(evidence, Split(1, 0.5))
    proposals = propose(evidence, findings, Split(1, 0.5))
    persuasive = [p for p in proposals if p.answers(_found(findings, "mostly_na", "Is persuasive"))]
    assert "stand_in" in [p.kind for p in persuasive]
    assert next(p for p in persuasive if p.kind == "stand_in").edited_rubric.startswith("- Includes a call to action\n")
    vivid = [p.kind for p in proposals if p.answers(_found(findings, "mostly_na", "Uses vivid imagery"))]
    assert vivid[:2] == ["name_tool", "llm_grader"]  # the project's own grader tool first


def test_a_line_that_never_passes_blocks_and_drives_every_cap_hit_gets_proposals_under_each_finding() -> None:
    rubric = "- At most 10 words\n- Exactly one line\n"
    runs = [{"id": f"run{i}", "status": "max_iterations_reached"} for i in range(4)]
    cells, drafts = [], {}
    for i in range(4):
        for it in range(3):
            drafts[(f"run{i}", 0, it)] = " ".join(WORDS[: 12 + i])
            final = it == 2
            cells += [
                _cell(f"run{i}", it, 0, "At most 10 words", "fail", final=final),
                _cell(f"run{i}", it, 1, "Exactly one line", "pass", final=final),
            ]
    evidence = _evidence(rubric, runs, cells, drafts=drafts)
    findings = diagnose(evidence, Split(1, 0.5))
    proposals = propose(evidence, findings, Split(1, 0.5))
    for kind in ("never_passes", "blocks", "cap_hits"):
        f = _found(findings, kind, "At most 10 words")
        shown = {p.kind: p for p in proposals if p.answers(f)}
        assert set(shown) == {"loosen", "drop"}, kind
    loosened = next(p for p in proposals if p.kind == "loosen")
    assert loosened.edited_rubric.startswith("- At most 14 words\n")  # the median final draft: 12..15 words
    assert "prove it on reviews" in loosened.reason


def test_an_overlap_shows_its_merge_even_when_the_same_edit_answers_another_finding() -> None:
    rubric = "- Mentions the price\n- Includes the price\n"
    runs = [{"id": f"run{i}", "status": "satisfied"} for i in range(3)]
    cells = [
        _cell(f"run{i}", 0, p, c, "pass")
        for i in range(3)
        for p, c in enumerate(("Mentions the price", "Includes the price"))
    ]
    evidence = _evidence(rubric, runs, cells)
    findings = diagnose(evidence, Split(1, 0.5))
    overlap = _found(findings, "overlap", "Includes the price")
    always = _found(findings, "always_passes", "Includes the price")
    proposals = propose(evidence, findings, Split(1, 0.5))
    assert [p for p in proposals if p.answers(overlap)] and [p for p in proposals if p.answers(always)]
    merged = next(p for p in proposals if p.answers(overlap))
    assert merged.edited_rubric == "- Mentions the price\n"


def _split_holding(held: set[str], learn: set[str]) -> Split:
    return next(
        Split(seed, 0.5)
        for seed in range(1, 100_000)
        if all(Split(seed, 0.5).holds_out(r) for r in held) and not any(Split(seed, 0.5).holds_out(r) for r in learn)
    )


def test_when_every_review_is_held_out_the_doctor_says_so_and_what_to_review() -> None:
    """The Review page flags "Exactly three lines" (every review counted); Diagnose used to say nothing because all
    the reviews fell in the held-out part."""
    rubric = "- Exactly three lines\n"
    held, learn = {f"h{i}" for i in range(6)}, {"l0", "l1"}
    split = _split_holding(held, learn)
    runs = [{"id": r, "status": "satisfied"} for r in sorted(held | learn)]
    cells = [
        _cell(r, 0, 0, "Exactly three lines", "pass", human=i % 2 == 0, human_reason="four lines")
        for i, r in enumerate(sorted(held))
    ]
    cells += [_cell(r, it, 0, "Exactly three lines", "pass", final=it == 1) for r in sorted(learn) for it in (0, 1)]
    findings = diagnose(_evidence(rubric, runs, cells), split)
    f = _found(findings, "held_out_only", "Exactly three lines")
    assert f.numbers["all_reviews"]["flagged"] and f.numbers["all_reviews"]["agreement"] == 0.5
    assert f.numbers["needed"] == MIN_LEARN_REVIEWS and f"Review {MIN_LEARN_REVIEWS} more" in f.title
    assert "The Review page flags it (agreement 50%" in f.title and "held-out part" in f.title
    assert f.cells and {c.run_id for c in f.cells} == learn and f.cells_said == "Review these"
    assert not [x for x in findings if x.kind.startswith("disagrees")]


def test_disagreements_read_plainly_with_the_review_page_figures() -> None:
    rubric = "- At most 5 words\n"
    held, learn = {"h0"}, {f"l{i}" for i in range(4)}
    split = _split_holding(held, learn)
    runs = [{"id": r, "status": "satisfied"} for r in sorted(held | learn)]
    cells = [_cell(r, 0, 0, "At most 5 words", "pass", human=r == "l0") for r in sorted(held | learn)]
    f = _found(diagnose(_evidence(rubric, runs, cells), split), "disagrees_accepts", "At most 5 words")
    assert f.title.startswith("False acceptances: a person failed 3 drafts the grader passed (3 of the 4 reviewed")
    assert "1 more are held out to test edits" in f.title and "as the Review page counts them: agreement 20%" in f.title


def test_the_flips_finding_links_the_drafts_that_flipped() -> None:
    rubric = "- Exactly three lines\n- Is about spring\n"
    runs = [{"id": "run0", "status": "satisfied"}]
    cells = [
        _cell("run0", it, p, c, "pass", final=it == 1)
        for it in (0, 1)
        for p, c in enumerate(("Exactly three lines", "Is about spring"))
    ]
    evidence = _evidence(
        rubric, runs, cells, flips={"Is about spring": (2, 5)}, flip_drafts={"Is about spring": [("run0", 0, 1)]}
    )
    f = _found(diagnose(evidence, Split(1, 0.5)), "flips", "Is about spring")
    assert [(c.run_id, c.iteration, c.position) for c in f.cells] == [("run0", 1, 1)]


def test_a_kappa_interval_is_honest_at_small_n_and_says_how_it_was_made() -> None:
    from sklearn.metrics import cohen_kappa_score

    agree = [True] * 10 + [False] * 9
    small = kappa_interval(agree, agree)
    assert small.bounds is None and small.method == "too_few" and "too few to say" in small.said()
    grader = [True] * 25 + [False] * 15
    human = list(grader)
    human[0], human[30] = False, True
    wide = kappa_interval(grader, human)
    point = cohen_kappa_score(human, grader)
    assert wide.method == "bootstrap" and wide.low < point <= wide.high <= 1.0 and "bootstrap" in wide.said()
    assert kappa_interval(grader, human) == wide  # a fixed seed: the same cells, the same interval
    every = kappa_interval(grader * 3, grader * 3)
    assert every.method == "wilson" and every.high == 1.0 and 0.8 < every.low < 1.0  # never [1.00, 1.00]
    assert len(grader) >= MIN_INTERVAL_N


@pytest.fixture(scope="module")
def reviewed_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tests.core.assistant_seed import review_all, seed_runs

    home = tmp_path_factory.mktemp("fitness") / "home"
    home.mkdir()
    seed_runs(home, items=6)
    review_all(home)
    return home


def test_fitness_is_one_figure_before_and_after_a_diagnosis_and_says_what_it_could_not_judge(
    reviewed_home: Path, home: Path
) -> None:
    from rubric_core.assistant.doctor import examine
    from rubric_core.assistant.fitness import fitness
    from rubric_core.store import open_store
    from tests.core.assistant_seed import NAME

    shutil.copytree(reviewed_home, home, dirs_exist_ok=True)
    store = open_store()
    try:
        before = fitness(store, NAME, 1)
        examine(store, NAME, 1)  # stores the split: fitness used to switch to the held-out reviews here
        after = fitness(store, NAME, 1)
        assert before == after and before.source == "every review of its runs"
        # "Is short" is n/a to the offline grader: the share is said, and the version is never a gate.
        assert before.na and "could not judge" in before.label and "'Is short'" in before.label
        assert before.band != "gate" and before.band != "unknown"
        assert before.plain.startswith(("good for watching trends", "exploration only"))
    finally:
        store.close()


def test_a_version_is_never_rated_past_its_weakest_judged_criterion() -> None:
    from rubric_core.assistant.fitness import CriterionFit, _rated

    strong = CriterionFit("A", 30, 0, 0.95)
    weak = CriterionFit("B", 8, 0, 0.2)
    fit = _rated(0.8, None, "bootstrap", 38, 0, (strong, weak), "every review of its runs")
    assert fit.band == "exploration" and "'B'" in fit.capped
    few = CriterionFit("B", 3, 0, 0.2)  # too few judged reviews of B to lower the version on its own
    assert _rated(0.8, None, "bootstrap", 33, 0, (strong, few), "x").band == "gate"
    blind = CriterionFit("C", 1, 6, None)
    capped = _rated(0.8, None, "bootstrap", 31, 6, (strong, blind), "x")
    assert capped.band == "monitoring" and "a gate must judge every criterion" in capped.capped
    assert "could not judge 16% of its reviewed cells (6 of 37; mostly n/a: 'C')" in capped.label
    # The Rubrics page's cell: plain words, short (the whole story is in `details`).
    assert capped.short == "good for watching trends (kappa 0.80, 31 reviews)"
    assert _rated(None, None, "", 4, 0, (), "every review of its runs").short == (
        "not known yet: 4 of the 10 judged reviews it needs"
    )
