"""Judge the judge: reviews, agreement (kappa), consistency (flips), what-if regrades, exports, CLI."""

from __future__ import annotations

import csv
import json
import re
import sqlite3
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage

from rubric_core.engine import Engine
from rubric_core.examples import get_example
from rubric_core.exports import export_runs
from rubric_core.judge.agreement import MIN_FLAG_REVIEWS, agreement, agreement_of
from rubric_core.judge.consistency import consistency, flip_counts, stored_flakiness
from rubric_core.judge.regrade import RegradeError
from rubric_core.judge.reviews import ReviewError, record_review, unreviewed_cells
from rubric_core.judge.whatif import stored_what_if, what_if
from rubric_core.models._chat import ToolCallingChatModel, text_of
from rubric_core.models._payload import parse_payload
from rubric_core.store import Store, open_store
from rubric_core.store import judge as judge_store
from rubric_core.views import frames
from tests.core.helpers import example_config, run_cli
from tests.stubs.openai_stub import StubOpenAI

HAIKU_WITHOUT_SYLLABLES = "- Exactly three lines"
# Only the line count: the second draft has three lines. ("Is about spring" is n/a on that draft since the topic
# must stand in half its lines: a passing mention is no proof of the subject.)
HAIKU_NEVER = (
    '- Exactly three lines\n- Follows a 5-7-5 syllable pattern\n- Is about spring\n- Does not contain the letter "e"'
)


@pytest.fixture
def haiku(store: Store, engine: Engine) -> str:
    """A stored offline haiku run: fails at iterations 0 and 1, satisfied at 2."""
    handle = engine.execute(example_config("haiku", rubric_name="spring-haiku"), subscribers=[store.record])
    assert handle.last is not None and handle.last.data["status"] == "satisfied"
    return handle.run_id


# ---- agreement and flips: known values ------------------------------------------------------


def test_kappa_rate_and_confusion_known_values() -> None:
    # 10 cells: both pass 4, grader pass / human fail 1, grader fail / human pass 2, both fail 3.
    grader = [True] * 4 + [True] + [False] * 2 + [False] * 3
    human = [True] * 4 + [False] + [True] * 2 + [False] * 3
    a = agreement_of("c", grader, human)
    # p_o = 0.7; p_e = 0.5 * 0.6 + 0.5 * 0.4 = 0.5; kappa = (0.7 - 0.5) / 0.5 = 0.4
    assert a.reviewed == 10 and a.agreed == 7 and a.rate == pytest.approx(0.7)
    assert a.kappa == pytest.approx(0.4)
    assert a.confusion == [[4, 2], [1, 3]]  # rows human pass/fail, columns grader pass/fail
    assert not a.low  # 0.4 is the flag threshold, not below it


def test_kappa_undefined_and_perfect_and_opposite() -> None:
    same = agreement_of("c", [True, True], [True, True])
    assert same.kappa is None and same.rate == 1.0 and not same.low
    perfect = agreement_of("c", [True, False, True], [True, False, True])
    assert perfect.kappa == pytest.approx(1.0)
    opposite = agreement_of("c", [True, False], [False, True])
    assert opposite.kappa == pytest.approx(-1.0)
    assert not opposite.low  # two cells: too few to flag a criterion (kappa over 1 or 2 cells is chance)
    five = agreement_of("c", [True, False, True, False, True], [False, True, False, True, False])
    assert five.reviewed == MIN_FLAG_REVIEWS and five.low
    one_label = agreement_of("c", [True] * 5, [False] * 5)
    assert one_label.kappa == pytest.approx(0.0) and one_label.rate == 0.0 and one_label.low
    assert agreement_of("c", [], []).rate is None


def test_flip_counts_known_values() -> None:
    attempts = [[{"name": "A", "passed": p}, {"name": "B", "passed": True}] for p in (True, False, True, True, False)]
    a, b = flip_counts(attempts, {"A": True})
    assert (a.criterion, a.graded, a.passes, a.fails, a.flips, a.flaky) == ("A", 5, 3, 2, 2, True)
    assert a.label == "flipped 2 of 5" and a.original is True
    assert (b.flips, b.flaky, b.label) == (0, False, "stable over 5")


# ---- reviews -----------------------------------------------------------------------------------


def test_review_history_and_supersession(db_url: str, store: Store, haiku: str) -> None:
    grader_before = store.criteria([haiku])
    first = record_review(
        store, haiku, iteration=0, criterion="Exactly three lines", verdict="pass", reason="r1", reviewer="ann"
    )
    second = record_review(
        store, haiku, iteration=0, criterion="exactly THREE lines", verdict="fail", reason="r2", reviewer="bob"
    )
    assert (first["revision"], second["revision"]) == (0, 1)
    latest = judge_store.latest_reviews(store, [haiku])
    assert [(v["criterion"], v["passed"], v["reviewer"], v["reason"]) for v in latest] == [
        ("Exactly three lines", False, "bob", "r2")
    ]
    history = judge_store.review_history(store, haiku)
    assert [(v["revision"], v["reviewer"], v["passed"]) for v in history] == [(0, "ann", True), (1, "bob", False)]
    assert store.criteria([haiku]) == grader_before  # the grader's verdict is never edited
    crit = frames.criteria_frame(store, [haiku])
    reviewed = crit[crit["human_passed"].notna()]
    assert len(reviewed) == 1
    row = reviewed.iloc[0]
    assert (row["iteration"], row["criterion"], bool(row["human_passed"]), row["human_reason"], row["reviewer"]) == (
        0,
        "Exactly three lines",
        False,
        "r2",
        "bob",
    )
    assert str(crit["human_passed"].dtype) == "boolean" and crit["human_passed"].isna().sum() == len(crit) - 1
    unreviewed = unreviewed_cells(store, [haiku])
    assert len(unreviewed) == len(crit) - 1
    assert (0, "Exactly three lines") not in {(c["iteration"], c["criterion"]) for c in unreviewed}


@pytest.mark.parametrize(
    ("changes", "fragment"),
    [
        ({"iteration": 7}, "no graded iteration 8"),
        ({"criterion": "Rhymes"}, "is not in the rubric graded at iteration 1"),
        ({"verdict": "maybe"}, "Verdict must be pass or fail"),
        ({"reviewer": "  "}, "Reviewer name is empty"),
        ({"turn": 3}, "no turn 4"),
    ],
)
def test_bad_review_is_refused_and_nothing_is_stored(
    store: Store, haiku: str, changes: dict[str, Any], fragment: str
) -> None:
    args: dict[str, Any] = {
        "iteration": 0,
        "criterion": "Is about spring",
        "verdict": "pass",
        "reason": "",
        "reviewer": "ann",
    }
    with pytest.raises(ReviewError, match=fragment):
        record_review(store, haiku, **{**args, **changes})
    assert judge_store.review_history(store, haiku) == []


def test_deleting_a_run_deletes_its_reviews_and_regrades(db_url: str, store: Store, haiku: str, home: Path) -> None:
    record_review(store, haiku, iteration=0, criterion="Is about spring", verdict="fail", reviewer="ann")
    what_if(store, haiku, rubric=HAIKU_WITHOUT_SYLLABLES)
    assert store.delete_run(haiku)
    with store.engine.connect() as conn:
        for table in ("reviews", "regrades", "regrade_passes", "regrade_criteria"):
            assert conn.exec_driver_sql(f"SELECT COUNT(*) FROM {table}").scalar() == 0, table


def test_agreement_for_a_run_a_rubric_and_a_grader(db_url: str, store: Store, engine: Engine, haiku: str) -> None:
    # Grader at iteration 0: lines fail, syllables fail, spring pass. Human: agree, agree, disagree.
    for name, verdict in (
        ("Exactly three lines", "fail"),
        ("Follows a 5-7-5 syllable pattern", "fail"),
        ("Is about spring", "fail"),
    ):
        record_review(store, haiku, iteration=0, criterion=name, verdict=verdict, reviewer="ann", reason="x")
    other = engine.execute(example_config("photosynthesis"), subscribers=[store.record]).run_id
    record_review(store, other, iteration=0, criterion="Exactly one sentence", verdict="fail", reviewer="ann")
    report = agreement(store, [haiku])
    assert report.overall.reviewed == 3 and report.overall.agreed == 2
    assert report.overall.confusion == [[0, 0], [1, 2]]
    by = {a.criterion: a for a in report.criteria}
    assert by["Is about spring"].rate == 0.0 and not by["Is about spring"].low  # one review: too few to flag
    assert [(d["criterion"], d["passed"], d["human_passed"]) for d in report.disagreements] == [
        ("Is about spring", True, False)
    ]
    by_rubric = agreement(store, judge_store.run_ids_with_rubric_name(store, "spring-haiku"))
    assert by_rubric.overall.reviewed == 3
    by_grader = agreement(store, judge_store.run_ids_with_grader(store, "offline:grader"))
    assert by_grader.overall.reviewed == 4 and by_grader.overall.agreed == 3


# ---- what-if regrade, checked against fresh real runs ------------------------------------------


def _verdicts(store: Store, run_id: str) -> dict[int, dict[str, bool | None]]:
    """Iteration -> criterion -> True, False, or None for n/a (as a what-if's rows say them)."""
    from rubric_core.verdicts import passed_value

    out: dict[int, dict[str, bool | None]] = {}
    for c in store.criteria([run_id]):
        out.setdefault(c["iteration"], {})[c["name"]] = passed_value(c["verdict"])
    return out


def test_what_if_an_edited_rubric_stops_one_iteration_earlier(
    db_url: str, store: Store, engine: Engine, haiku: str
) -> None:
    report = what_if(store, haiku, rubric=HAIKU_WITHOUT_SYLLABLES)
    assert report.original_stops == {0: 2}
    assert report.stops == {0: 1}
    assert [r.new_result for r in report.iterations] == ["needs_revision", "satisfied", "satisfied"]
    assert report.removed == ["Follows a 5-7-5 syllable pattern", "Is about spring"]
    assert report.changed_criteria == []
    # A fresh real run of the edited rubric stops where the what-if says, with the same verdicts.
    fresh = engine.execute(example_config("haiku", rubric=HAIKU_WITHOUT_SYLLABLES), subscribers=[store.record])
    assert fresh.last is not None and fresh.last.data["status"] == "satisfied"
    fresh_verdicts = _verdicts(store, fresh.run_id)
    assert max(fresh_verdicts) == report.stops[0]
    for row in report.iterations[: report.stops[0] + 1]:
        assert row.new == fresh_verdicts[row.iteration]
    stored = judge_store.get_regrade(store, report.regrade_id)
    assert stored is not None and stored["kind"] == "what_if" and stored["stop_iteration"] == 1
    assert [p["result"] for p in stored["passes"]] == ["needs_revision", "satisfied", "satisfied"]


def test_what_if_a_rubric_the_drafts_never_satisfy(store: Store, engine: Engine, haiku: str) -> None:
    report = what_if(store, haiku, rubric=HAIKU_NEVER)
    assert report.stops == {0: None}
    assert "never be satisfied" in report.summary()
    assert report.added == ['Does not contain the letter "e"']
    fresh = engine.execute(example_config("haiku", rubric=HAIKU_NEVER), subscribers=[store.record])
    assert fresh.last is not None and fresh.last.data["status"] == "max_iterations_reached"
    fresh_verdicts = _verdicts(store, fresh.run_id)
    assert len(fresh_verdicts) == len(report.iterations) == 3
    for row in report.iterations:
        assert row.new == fresh_verdicts[row.iteration]


def test_what_if_with_files_and_grader_tools(store: Store, engine: Engine) -> None:
    run_id = engine.execute(example_config("find-duplicates"), subscribers=[store.record]).run_id
    report = what_if(store, run_id)
    # The replayed files reach the grader's test tool: the same verdicts as the original run.
    assert [r.new_result for r in report.iterations] == ["needs_revision", "satisfied"]
    assert all(r.new == r.original for r in report.iterations)


def test_regrade_refuses_bad_input(store: Store, haiku: str) -> None:
    with pytest.raises(RegradeError, match="No run 'nope'"):
        what_if(store, "nope")
    with pytest.raises(RegradeError, match="rubric"):
        what_if(store, haiku, rubric="   ")
    with pytest.raises(RegradeError, match="OPENAI_API_KEY"):
        what_if(store, haiku, grader="openai:gpt-4o-mini")
    with pytest.raises(RegradeError, match="no graded iteration 9"):
        consistency(store, haiku, iteration=8)
    assert judge_store.list_regrades(store, haiku) == []


# ---- consistency with a grader that changes its mind ------------------------------------------


class ScriptedGrader(ToolCallingChatModel):
    """A grader whose verdict on 'Is about spring' follows a script, one entry per grading call."""

    script: list[bool]
    model_name: str = "scripted-grader"

    @property
    def _llm_type(self) -> str:
        return "scripted-grader"

    def respond(self, messages: list[BaseMessage], **kwargs: Any) -> AIMessage:
        payload = parse_payload(text_of(next(m for m in messages if isinstance(m, HumanMessage))))
        spring = self.script[(self.calls - 1) % len(self.script)]
        criteria = [
            {"name": "Exactly three lines", "passed": True},
            {"name": "Is about spring", "passed": spring, **({} if spring else {"gap": "not spring"})},
        ]
        assert "Exactly three lines" in payload.rubric
        answer = {
            "result": "satisfied" if spring else "needs_revision",
            "explanation": "scripted",
            "criteria": criteria,
        }
        return AIMessage(content="", tool_calls=[{"name": "GraderResponse", "args": answer, "id": "g"}])


def test_consistency_counts_flips_through_the_real_middleware(store: Store, haiku: str) -> None:
    grader = ScriptedGrader(script=[True, False, True, True, False])
    report = consistency(store, haiku, repeats=5, grader_model=grader)
    assert grader.calls == 5
    assert (report.turn, report.iteration) == (0, 2)  # the final draft by default
    assert report.results == ["satisfied", "needs_revision", "satisfied", "satisfied", "needs_revision"]
    by = {c.criterion: c for c in report.criteria}
    assert by["Is about spring"].label == "flipped 2 of 5"
    assert by["Exactly three lines"].label == "stable over 5"
    flaky = stored_flakiness(store, [haiku])
    assert flaky["Is about spring"].flips == 2 and not flaky["Exactly three lines"].flaky


def test_consistency_of_the_offline_grader_is_stable(store: Store, haiku: str) -> None:
    report = consistency(store, haiku, iteration=0, repeats=2)
    assert report.results == ["needs_revision", "needs_revision"]
    assert all(not c.flaky and c.graded == 2 for c in report.criteria)
    assert {c.criterion: c.original for c in report.criteria}["Exactly three lines"] is False


# ---- provider path ------------------------------------------------------------------------------


def test_what_if_with_an_openai_compatible_grader_against_the_local_stub(
    store: Store, haiku: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with StubOpenAI() as stub:
        monkeypatch.setenv("OPENAI_BASE_URL", stub.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-a-real-key-123")
        report = what_if(store, haiku, rubric=HAIKU_WITHOUT_SYLLABLES, grader="openai:gpt-4o-mini")
    assert len(stub.requests) >= 3  # one grading call per stored draft, through ChatOpenAI over HTTP
    assert report.grader == "openai:gpt-4o-mini"
    assert report.stops == {0: 1}
    assert [r.new_result for r in report.iterations] == ["needs_revision", "satisfied", "satisfied"]


# ---- exports ------------------------------------------------------------------------------------


def test_every_export_carries_both_verdicts_and_calibration_has_reviewed_cells(
    store: Store, haiku: str, tmp_path: Path
) -> None:
    record_review(
        store, haiku, iteration=0, criterion="Is about spring", verdict="fail", reason="<b>summer</b>", reviewer="ann"
    )
    record_review(store, haiku, iteration=2, criterion="Exactly three lines", verdict="pass", reviewer="bob")
    out = tmp_path / "x"
    run = json.loads(export_runs(store, "jsonl", out / "r.jsonl").paths[0].read_text())
    first = run["metadata"]["history"][0]["criteria"]
    assert {c["name"]: c["human_passed"] for c in first}["Is about spring"] is False
    assert {c["name"]: c["passed"] for c in first}["Is about spring"] is True
    assert run["metadata"]["final_criteria"][0]["reviewer"] == "bob"
    export_runs(store, "grader-jsonl", out / "g.jsonl")
    graded = [json.loads(x) for x in (out / "g.jsonl").read_text().splitlines()]
    assert graded[0]["outputs"]["criteria"][2]["human_reason"] == "<b>summer</b>"
    export_runs(store, "csv", out / "c.csv")
    rows = list(csv.DictReader((out / "c.csv").open()))
    spring0 = next(r for r in rows if r["iteration"] == "0" and r["criterion"] == "Is about spring")
    assert (spring0["passed"], spring0["human_passed"], spring0["reviewer"]) == ("True", "False", "ann")
    export_runs(store, "parquet", out / "pq")
    crit = pd.read_parquet(out / "pq" / "criteria" / "criteria.parquet")
    assert crit["human_passed"].notna().sum() == 2
    export_runs(store, "langsmith", out / "l.jsonl", upload=False)
    ls = json.loads((out / "l.jsonl").read_text())
    assert ls["metadata"]["final_criteria"][0]["human_passed"] is True
    result = export_runs(store, "calibration", out / "cal.jsonl")
    cal = [json.loads(x) for x in (out / "cal.jsonl").read_text().splitlines()]
    assert result.records == 2 == len(cal)
    spring = next(c for c in cal if c["criterion"] == "Is about spring")
    assert spring["draft"].startswith("Cherry blossoms drift") and spring["task"] == "Write a haiku about spring."
    assert (spring["grader_passed"], spring["human_passed"], spring["human_reason"], spring["agree"]) == (
        True,
        False,
        "<b>summer</b>",
        False,
    )
    assert spring["reviewer"] == "ann" and spring["iteration"] == 0


# ---- command line -------------------------------------------------------------------------------


def test_cli_review_agreement_regrade_and_calibration(haiku: str, tmp_path: Path) -> None:
    ok = run_cli(
        "review",
        haiku,
        "--iteration",
        "1",
        "--criterion",
        "Is about spring",
        "--verdict",
        "fail",
        "--reason",
        "it is summer",
        "--reviewer",
        "ann",
    )
    assert ok.returncode == 0, ok.stderr
    assert "iteration 1 'Is about spring': fail by cli:ann; disagrees with the grader (pass)" in ok.stdout
    store = open_store()
    try:  # a name typed on the command line is stored as cli:NAME, never as a signed-in reviewer's
        assert [r["reviewer"] for r in judge_store.review_history(store, haiku)] == ["cli:ann"]
    finally:
        store.close()
    agree = run_cli("agreement", "--run", haiku, "--jsonl")
    assert agree.returncode == 0, agree.stderr
    lines = [json.loads(x) for x in agree.stdout.splitlines()]
    overall = next(x for x in lines if x["type"] == "overall")
    assert overall["reviewed"] == 1 and overall["agreed"] == 0
    assert next(x for x in lines if x["type"] == "disagreement")["iteration"] == 0
    rubric = tmp_path / "rubric.md"
    rubric.write_text(HAIKU_WITHOUT_SYLLABLES)
    whatif = run_cli("regrade", haiku, "--rubric-file", str(rubric), "--jsonl")
    assert whatif.returncode == 0, whatif.stderr
    assert json.loads(whatif.stdout)["stops"] == {"0": 1}
    table = run_cli("regrade", haiku, "--repeat", "2")
    assert table.returncode == 0 and "stable over 2" in table.stdout
    cal = run_cli("export", "--format", "calibration", "--out", str(tmp_path / "cal.jsonl"))
    assert cal.returncode == 0 and "exported 1 records (calibration)" in cal.stdout


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--iteration", "9", "--criterion", "Is about spring", "--verdict", "pass"], "no graded iteration 9"),
        (["--iteration", "0", "--criterion", "Is about spring", "--verdict", "pass"], "counts from 1"),
        (["--iteration", "1", "--criterion", "Rhymes", "--verdict", "pass"], "'Rhymes' is not in the rubric"),
        (["--iteration", "1", "--criterion", "Is about spring", "--verdict", "yes"], "must be pass or fail"),
    ],
)
def test_cli_bad_review_exits_2_and_stores_nothing(haiku: str, args: list[str], fragment: str) -> None:
    result = run_cli("review", haiku, *args, "--reason", "r", "--reviewer", "ann")
    assert result.returncode == 2
    assert fragment in result.stderr and "Traceback" not in result.stderr
    store = open_store()
    try:
        assert judge_store.review_history(store, haiku) == []
    finally:
        store.close()


def test_cli_bad_agreement_and_regrade_input_exits_2(haiku: str, tmp_path: Path) -> None:
    cases = [
        (["agreement", "--run", "nope"], "No run 'nope'"),
        (["agreement", "--grader", "openai:nobody"], "No run was graded by"),
        (["agreement", "--suite", "s1"], "No suite run 's1'"),
        (["regrade", haiku, "--repeat", "0"], "--repeat must be at least 1"),
        (["regrade", haiku, "--rubric-file", str(tmp_path / "missing.md")], "Cannot read rubric file"),
        (["regrade", haiku, "--grader", "nonsense"], "--grader: Model 'nonsense' is not of the form"),
    ]
    for args, fragment in cases:
        result = run_cli(*args)
        assert result.returncode == 2, args
        assert fragment in result.stderr, (args, result.stderr)
        assert "Traceback" not in result.stderr


# ---- report, suite-level summary, migrations ------------------------------------------------------


def test_html_report_shows_both_verdicts_escaped(store: Store, haiku: str) -> None:
    from rubric_core.exports.report import render_report
    from rubric_core.views.run_view import RunView

    record_review(
        store, haiku, iteration=0, criterion="Is about spring", verdict="fail", reason="<b>summer</b>", reviewer="ann"
    )
    view = RunView.from_events(haiku, store.run_events(haiku), stored_status="satisfied")
    doc = render_report(view, reviews=judge_store.latest_reviews(store, [haiku]))
    assert "Human review by ann: fail (disagrees with the grader)" in doc  # the grid's cell
    assert re.search(r'class="[^"]*\bdis\b', doc)  # the disagreeing cell is outlined
    assert "(human ann: fail: &lt;b&gt;summer&lt;/b&gt;)" in doc and "<b>summer</b>" not in doc
    plain = render_report(view)  # no reviews, no marks
    assert "Human review" not in plain and "(human ann" not in plain


def test_pass_rate_deltas_over_several_runs(store: Store, engine: Engine, haiku: str) -> None:
    from rubric_core.judge.whatif import pass_rate_deltas, what_if_runs

    other = engine.execute(example_config("haiku", max_iterations=1), subscribers=[store.record]).run_id
    reports = what_if_runs(store, [haiku, other], rubric=HAIKU_NEVER, save=False)
    rates = {r.criterion: r for r in pass_rate_deltas(reports)}
    # Final drafts: the 3-iteration run ends on a 3-line haiku, the 1-iteration run on the 4-line draft.
    lines = rates["Exactly three lines"]
    assert (lines.runs, lines.original, lines.new, lines.delta) == (2, 0.5, 0.5, 0.0)
    letter = rates['Does not contain the letter "e"']
    assert (letter.original, letter.new, letter.delta) == (None, 0.0, None)
    assert judge_store.list_regrades(store, haiku) == []  # save=False stores nothing


def test_migration_4_applies_to_a_store_that_only_has_1(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import rubric_core.store.schema as schema_module
    from rubric_core.store.schema import MIGRATIONS

    with monkeypatch.context() as m:  # code that knows only migration 1 creates the store
        m.setattr(schema_module, "MIGRATIONS", MIGRATIONS[:1])
        m.setattr(schema_module, "SCHEMA_VERSION", 1)
        open_store().close()
    conn = sqlite3.connect(home / "runs.sqlite")
    assert [r[0] for r in conn.execute("SELECT version FROM schema_migrations ORDER BY version")] == [1]
    open_store().close()
    assert [r[0] for r in conn.execute("SELECT version FROM schema_migrations ORDER BY version")] == [
        v for v, _, _ in MIGRATIONS
    ]
    assert conn.execute("SELECT COUNT(*) FROM reviews").fetchone()[0] == 0


def test_review_cells_follow_the_given_run_order(store: Store, engine: Engine) -> None:
    from rubric_core.judge.reviews import review_cells

    first = engine.execute(example_config("photosynthesis"), subscribers=[store.record]).run_id
    second = engine.execute(example_config("haiku"), subscribers=[store.record]).run_id
    for ids in ([first, second], [second, first]):
        cells = review_cells(store, ids)
        runs_in_order = list(dict.fromkeys(c["run_id"] for c in cells))
        assert runs_in_order == ids
        per_run = [(c["turn"], c["iteration"], c["position"]) for c in cells if c["run_id"] == ids[0]]
        assert per_run == sorted(per_run)


def test_agreement_leaves_na_cells_out_counts_them_and_flags_by_the_stated_rule(store: Store, engine: Engine) -> None:
    """Issue 30 items 2 and 3: a reviewed cell the grader could not judge is no agreement (6 of 13 'agreements'
    had been such cells); agreement is per criterion with false acceptances apart; the flag rule (at least 5
    reviewed cells, agreement under 70% or kappa under 0.4) is applied as stated."""
    import dataclasses

    config = dataclasses.replace(
        example_config("haiku"), rubric="- Exactly three lines\n- Is witty and original\n", max_iterations=3
    )
    run_id = engine.execute(config, subscribers=[store.record]).run_id
    rows = store.criteria([run_id])
    assert {r["verdict"] for r in rows if r["name"] == "Is witty and original"} == {"n/a"}
    for row in rows:  # a reviewer fails every cell; the n/a cells would have 'agreed' with the library's False
        record_review(store, run_id, iteration=row["iteration"], criterion=row["name"], verdict="fail", reviewer="ann")
    report = agreement(store, [run_id])
    witty = next(a for a in report.criteria if a.criterion == "Is witty and original")
    assert (witty.reviewed, witty.not_judged, witty.kappa) == (0, 3, None) and not witty.low
    lines = next(a for a in report.criteria if a.criterion == "Exactly three lines")
    graded = [r for r in rows if r["name"] == "Exactly three lines"]
    assert lines.reviewed == len(graded) and lines.not_judged == 0
    assert lines.false_acceptances == sum(r["verdict"] == "pass" for r in graded)
    assert report.overall.not_judged == 3 and report.overall.reviewed == len(graded)
    assert all(d["verdict"] != "n/a" for d in report.disagreements)
    # The rule: 5 reviews at 60% agreement is flagged even with kappa above 0.4; 4 reviews are never flagged.
    five = agreement_of("c", [True, True, False, False, True], [True, False, False, True, True])
    assert five.rate == 0.6 and five.low
    four = agreement_of("c", [True, False, True, False], [False, True, False, True])
    assert four.reviewed == 4 < MIN_FLAG_REVIEWS and not four.low
    ok = agreement_of("c", [True] * 4 + [False] * 4, [True] * 4 + [False] * 3 + [True])
    assert ok.rate == 7 / 8 and ok.kappa is not None and ok.kappa >= 0.7 and not ok.low and ok.band == "gate"


def test_the_html_report_names_each_verdicts_check_and_says_an_offline_run_is_one(store: Store, engine: Engine) -> None:
    """Issue 30 items 1, 2 and 6: the report shows the check beside every verdict, n/a as n/a, says the drafts came
    from the offline writer and the verdicts from deterministic checks, and says the run revised only for n/a."""
    import dataclasses

    from rubric_core.exports.report import render_report
    from rubric_core.views.run_view import RunView

    config = dataclasses.replace(
        example_config("haiku"), rubric="- Exactly three lines\n- Is witty <b>and</b> original\n", max_iterations=3
    )
    run_id = engine.execute(config, subscribers=[store.record]).run_id
    view = RunView.from_events(run_id, store.run_events(run_id))
    page = render_report(view)
    assert "embedded offline writer" in page and "deterministic checks" in page
    assert "Check: line count: " in page and "Check: cannot judge" in page
    assert "data-verdict='n/a'" in page and "<span class='na'>n/a</span>" in page
    assert "Not judged (n/a):</b> It hit its cap only because of 1 criterion" in page
    assert "<b>and</b>" not in page and "&lt;b&gt;and&lt;/b&gt;" in page  # grader and rubric text escaped


def test_what_if_pairs_a_reworded_criterion_with_its_old_self(store: Store, engine: Engine) -> None:
    """Issue 33 item 12: "At most 150 words" reworded as "No more than 150 words" was one criterion removed and
    another added, each with half a row; it is paired as both Compare pages pair it, its verdicts on one row."""
    run_id = engine.execute(example_config("report"), subscribers=[store.record]).run_id
    reworded = get_example("report").rubric.replace("- At most 150 words", "- No more than 150 words")
    assert reworded != get_example("report").rubric
    report = what_if(store, run_id, rubric=reworded)
    assert report.renamed == {"No more than 150 words": "At most 150 words"}
    assert report.added == [] and report.removed == []
    for row in report.iterations:
        assert row.renamed == {"No more than 150 words": "At most 150 words"}
        assert row.original_verdict("No more than 150 words") == row.original["At most 150 words"]
        assert "No more than 150 words" not in row.changed or (
            row.new["No more than 150 words"] != row.original["At most 150 words"]
        )
    again = stored_what_if(store, run_id)
    assert again is not None and again.renamed == report.renamed
    assert report.to_dict()["renamed"] == report.renamed


def test_a_stored_regrade_keeps_each_verdict_and_its_check(store: Store, engine: Engine) -> None:
    """A what-if or consistency regrade stores n/a and the check beside each verdict (regrade_criteria.verdict and
    check_json), so reading it back never turns an n/a into a fail."""
    import dataclasses

    config = dataclasses.replace(
        example_config("haiku"), rubric="- Exactly three lines\n- Is witty and original\n", max_iterations=1
    )
    run_id = engine.execute(config, subscribers=[store.record]).run_id
    report = consistency(store, run_id, repeats=2)
    stored = judge_store.get_regrade(store, report.regrade_id)
    assert stored is not None
    for p in stored["passes"]:
        lines, witty = p["criteria"]
        assert lines["check"]["kind"] == "line_count" and lines["verdict"] in ("pass", "fail")
        assert witty["verdict"] == "n/a" and witty["check"]["kind"] == "cannot_judge" and witty["passed"] is False
    witty_flips = next(c for c in report.criteria if c.criterion == "Is witty and original")
    assert (witty_flips.graded, witty_flips.not_judged, witty_flips.label) == (0, 2, "never judged · 2 n/a")


def test_every_export_says_the_export_schema_and_numbers_turns_and_iterations_as_readme_says(
    store: Store, haiku: str, tmp_path: Path
) -> None:
    """Issue 33 item 15: README said the export schema was 3 while files carried 4, and the calibration export had
    no turn_number / iteration_number (and carried the store's schema version). Every format now carries the
    version README names, and every turn and iteration with its number from 1 beside it."""
    from rubric_core.exports.formats import EXPORT_SCHEMA_VERSION

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    said = re.search(r"export\s+carries a schema version \(now (\d+)", readme)
    assert said is not None and int(said.group(1)) == EXPORT_SCHEMA_VERSION
    record_review(store, haiku, iteration=1, criterion="Is about spring", verdict="fail", reviewer="ann")
    out = tmp_path / "x"

    def numbered(record: dict) -> None:
        for key, value in record.items():
            if key in ("turn", "iteration") and isinstance(value, int):
                assert record[f"{key}_number"] == value + 1, (key, record)
            elif isinstance(value, dict):
                numbered(value)
            elif isinstance(value, list):
                for item in value:
                    if isinstance(item, dict):
                        numbered(item)

    for fmt in ("jsonl", "grader-jsonl", "pairs", "langsmith", "calibration"):
        export_runs(store, fmt, out / f"{fmt}.jsonl", upload=False, all_pairs=True)
        records = [json.loads(x) for x in (out / f"{fmt}.jsonl").read_text().splitlines()]
        assert records, fmt
        for record in records:
            version = record.get("schema_version", (record.get("metadata") or {}).get("schema_version"))
            assert version == EXPORT_SCHEMA_VERSION, (fmt, version)
            numbered(record)
    cal = [json.loads(x) for x in (out / "calibration.jsonl").read_text().splitlines()]
    assert (cal[0]["turn"], cal[0]["turn_number"], cal[0]["iteration"], cal[0]["iteration_number"]) == (0, 1, 1, 2)
    export_runs(store, "csv", out / "c.csv")
    rows = list(csv.DictReader((out / "c.csv").open()))
    assert rows and all(int(r["iteration_number"]) == int(r["iteration"]) + 1 for r in rows)
    assert all(int(r["schema_version"]) == EXPORT_SCHEMA_VERSION for r in rows)
