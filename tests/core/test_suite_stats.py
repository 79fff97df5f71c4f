"""Suite statistics against known values, criterion pairing, and the price table."""

from __future__ import annotations

import pytest

from rubric_core.pairing import pair_criteria
from rubric_core.store import Store
from rubric_core.suites.pricing import DEFAULT_PRICES, cost_usd, price_table, set_prices
from rubric_core.suites.statistics import delta_interval, mcnemar_exact, wilson


def test_wilson_known_values() -> None:
    r = wilson(8, 10)
    assert r.rate == 0.8
    assert r.low == pytest.approx(0.4901625, abs=1e-6) and r.high == pytest.approx(0.9433178, abs=1e-6)
    zero = wilson(0, 10)
    assert zero.low == pytest.approx(0.0, abs=1e-12) and zero.high == pytest.approx(0.2775328, abs=1e-6)
    assert wilson(0, 0).rate is None
    with pytest.raises(ValueError, match="0 <= passed <= total"):
        wilson(3, 2)


def test_mcnemar_exact_known_values() -> None:
    # 6 discordant one way, 1 the other: two-sided binomial p = 2 * P(X <= 1 | n=7, 0.5) = 16/128.
    pairs = [(True, False)] * 6 + [(False, True)] + [(True, True)] * 5 + [(False, False)] * 2
    p = mcnemar_exact(pairs)
    assert (p.both_pass, p.only_a, p.only_b, p.both_fail) == (5, 6, 1, 2)
    assert p.p_value == pytest.approx(0.125)
    assert mcnemar_exact([(False, True)] * 10).p_value == pytest.approx(2 / 1024)
    assert mcnemar_exact([(True, True), (False, False)]).p_value == 1.0


def test_delta_interval_matches_newcombe() -> None:
    # Newcombe (1998), Statistics in Medicine 17:873, example (a): 56/70 vs 48/80, method 10: 0.0524 to 0.3339.
    low, high = delta_interval(wilson(48, 80), wilson(56, 70))
    assert low == pytest.approx(0.0524, abs=5e-5) and high == pytest.approx(0.3339, abs=5e-5)
    assert delta_interval(wilson(0, 0), wilson(1, 2)) is None


def test_pairing_exact_then_renamed_then_unmatched() -> None:
    a = ["At most 40 words", "Mentions the sea", "Exactly three lines"]
    b = ["Has exactly three lines", "At most 30 words", "Is about spring"]
    assert pair_criteria(a, b) == [
        ("At most 40 words", "At most 30 words"),
        ("Mentions the sea", None),
        ("Exactly three lines", "Has exactly three lines"),
        (None, "Is about spring"),
    ]
    assert pair_criteria(["x", "y"], ["y", "x"]) == [("x", "x"), ("y", "y")]
    assert pair_criteria([], ["a"]) == [(None, "a")]


def test_prices_defaults_carry_their_date_and_edits_are_stored(store: Store) -> None:
    table = price_table(store)
    assert all(p.as_of and "bundled default" in p.source for p in DEFAULT_PRICES)
    assert table["offline:writer"].input_per_mtok == 0.0
    assert cost_usd(table, "offline:writer?latency=0.2", 1000, 1000) == 0.0
    assert cost_usd(table, "ollama:llama3.2", 1000, 1000) is None  # no price: no cost, not a guess
    assert set_prices(store, [{"model": "ollama:llama3.2", "input_per_mtok": 1, "output_per_mtok": 2}]) == 1
    table = price_table(store)
    assert table["ollama:llama3.2"].source == "edited"
    assert cost_usd(table, "ollama:llama3.2", 1_000_000, 500_000) == pytest.approx(2.0)


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ({"model": "ollama:x", "input_per_mtok": -1, "output_per_mtok": 1}, "Input price"),
        ({"model": "ollama:x", "input_per_mtok": 1, "output_per_mtok": "lots"}, "Output price"),
        ({"model": "nocolon", "input_per_mtok": 1, "output_per_mtok": 1}, "must be a spec"),
    ],
)
def test_bad_prices_are_refused_and_nothing_is_stored(store: Store, row: dict, message: str) -> None:
    good = {"model": "ollama:good", "input_per_mtok": 1, "output_per_mtok": 1}
    with pytest.raises(ValueError, match=message):
        set_prices(store, [good, row])
    assert "ollama:good" not in price_table(store)


def test_unfinished_items_are_left_out_of_the_rates_and_the_blocking_counts() -> None:
    """Issue 22 item 9: a cancelled item's last verdicts are not its end: it neither fails a criterion nor blocks."""
    import pandas as pd

    from rubric_core.suites.frames import SuiteFrames, criterion_rates, unfinished_items

    items = pd.DataFrame(
        [
            {"position": 0, "status": "satisfied"},
            {"position": 1, "status": "max_iterations_reached"},
            {"position": 2, "status": "cancelled"},
            {"position": 3, "status": "pending"},
        ]
    )
    cells = pd.DataFrame(
        [
            {"position": 0, "criterion": "c", "first_passed": False, "final_passed": True},
            {"position": 1, "criterion": "c", "first_passed": False, "final_passed": False},
            {"position": 2, "criterion": "c", "first_passed": False, "final_passed": False},
        ]
    )
    cells["first_verdict"] = cells["first_passed"].map({True: "pass", False: "fail"})
    cells["final_verdict"] = cells["final_passed"].map({True: "pass", False: "fail"})
    frames = SuiteFrames({}, items, cells, ["c"])
    (rate,) = criterion_rates(frames)
    assert (rate.final.passed, rate.final.total) == (1, 2)  # the cancelled item is not counted failing
    assert rate.blocking == 1  # only the item that ended at the cap
    assert unfinished_items(frames) == 2


def test_na_verdicts_are_left_out_of_rates_and_blocking_and_counted() -> None:
    """Issue 30 item 2: a criterion the grader could not judge is neither a pass nor a fail in any rate."""
    import pandas as pd

    from rubric_core.suites.frames import SuiteFrames, criterion_rates

    items = pd.DataFrame(
        [
            {"position": p, "status": s}
            for p, s in enumerate(["satisfied", "max_iterations_reached", "max_iterations_reached"])
        ]
    )
    verdicts = [("pass", "pass"), ("fail", "fail"), ("n/a", "n/a")]
    cells = pd.DataFrame(
        [
            {
                "position": p,
                "criterion": "c",
                "first_verdict": first,
                "final_verdict": final,
                "first_passed": None if first == "n/a" else first == "pass",
                "final_passed": None if final == "n/a" else final == "pass",
            }
            for p, (first, final) in enumerate(verdicts)
        ]
    ).astype({"first_passed": "boolean", "final_passed": "boolean"})
    (rate,) = criterion_rates(SuiteFrames({}, items, cells, ["c"]))
    assert (rate.final.passed, rate.final.total, rate.final_na) == (1, 2, 1)
    assert (rate.first.passed, rate.first.total, rate.first_na) == (1, 2, 1)
    assert rate.blocking == 1  # the n/a item does not block
