"""Model prices for suite cost: a table kept in the store that the user edits.

The bundled defaults are public list prices with the date they were read; they
are shown as defaults, never as truth: a stored row always wins, and a model
with no price has no cost (None), not a guessed one.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any

from rubric_core.store import Store
from rubric_core.store.sql import text


@dataclass(frozen=True)
class Price:
    """USD per million tokens for one model spec."""

    model: str
    input_per_mtok: float
    output_per_mtok: float
    as_of: str
    """When the price was read (YYYY-MM-DD)."""
    source: str
    """Where it comes from: `bundled default` or `edited`."""


DEFAULT_PRICES_AS_OF = "2025-10-15"
DEFAULT_PRICES: tuple[Price, ...] = (
    Price("offline:writer", 0.0, 0.0, DEFAULT_PRICES_AS_OF, "bundled default (embedded model, free)"),
    Price("offline:grader", 0.0, 0.0, DEFAULT_PRICES_AS_OF, "bundled default (embedded model, free)"),
    Price("openai:gpt-4o-mini", 0.15, 0.60, DEFAULT_PRICES_AS_OF, "bundled default (provider list price)"),
    Price("openai:gpt-4o", 2.50, 10.00, DEFAULT_PRICES_AS_OF, "bundled default (provider list price)"),
    Price("anthropic:claude-haiku-4-5", 1.00, 5.00, DEFAULT_PRICES_AS_OF, "bundled default (provider list price)"),
    Price("google_genai:gemini-2.5-flash", 0.30, 2.50, DEFAULT_PRICES_AS_OF, "bundled default (provider list price)"),
)


def _base(spec: str) -> str:
    """`offline:writer?latency=0.2` prices as `offline:writer`."""
    return spec.split("?", 1)[0].strip()


def _write(store: Store) -> Any:
    return store.engine.connect().execution_options(write=True)


def price_table(store: Store) -> dict[str, Price]:
    """Prices by model spec: the bundled defaults overlaid by the rows stored (edited) in the store."""
    table = {p.model: p for p in DEFAULT_PRICES}
    with store.engine.connect() as conn:
        for row in conn.execute(text("SELECT model, input_per_mtok, output_per_mtok, as_of, source FROM prices")):
            table[row[0]] = Price(row[0], float(row[1]), float(row[2]), row[3], row[4])
    return dict(sorted(table.items()))


def _check(value: Any, what: str, model: str) -> float:
    try:
        number = float(value)
    except (TypeError, ValueError):
        number = math.nan
    if isinstance(value, bool) or not math.isfinite(number) or number < 0 or number > 10_000:
        msg = f"{what} price for {model!r} must be a number of USD per million tokens from 0 to 10000; got {value!r}."
        raise ValueError(msg)
    return number


def set_prices(store: Store, rows: list[dict[str, Any]]) -> int:
    """Store edited prices (model, input_per_mtok, output_per_mtok[, as_of]); all checked before any is written."""
    clean: list[dict[str, Any]] = []
    seen: set[str] = set()
    for row in rows:
        model = _base(str(row.get("model") or ""))
        if not model or ":" not in model:
            msg = f"Model {row.get('model')!r} must be a spec like openai:gpt-4o-mini."
            raise ValueError(msg)
        if model in seen:
            msg = f"Model {model!r} is listed twice; keep one price per model."
            raise ValueError(msg)
        seen.add(model)
        clean.append(
            {
                "m": model,
                "i": _check(row.get("input_per_mtok"), "Input", model),
                "o": _check(row.get("output_per_mtok"), "Output", model),
                "a": str(row.get("as_of") or time.strftime("%Y-%m-%d")),
                "s": "edited",
                "u": time.time(),
            }
        )
    current = price_table(store)
    changed = [
        r
        for r in clean
        if r["m"] not in current
        or (current[r["m"]].input_per_mtok, current[r["m"]].output_per_mtok) != (r["i"], r["o"])
    ]
    if not changed:
        return 0
    with _write(store) as conn, conn.begin():
        conn.execute(
            text(
                "INSERT INTO prices (model, input_per_mtok, output_per_mtok, as_of, source, updated_at) "
                "VALUES (:m, :i, :o, :a, :s, :u) ON CONFLICT (model) DO UPDATE SET "
                "input_per_mtok = excluded.input_per_mtok, output_per_mtok = excluded.output_per_mtok, "
                "as_of = excluded.as_of, source = excluded.source, updated_at = excluded.updated_at"
            ),
            changed,
        )
    return len(changed)


def cost_usd(table: dict[str, Price], model: str, input_tokens: int, output_tokens: int) -> float | None:
    """The cost of these tokens on `model`, or None when the table has no price for it."""
    price = table.get(_base(model))
    if price is None:
        return None
    return (input_tokens * price.input_per_mtok + output_tokens * price.output_per_mtok) / 1_000_000
