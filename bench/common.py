"""Shared benchmark helpers: repeated timing, a table, and RESULTS.md sections."""

from __future__ import annotations

import os
import platform
import re
import statistics
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

RESULTS = Path(__file__).with_name("RESULTS.md")


def repeat(fn: Callable[[], object], n: int = 5) -> list[float]:
    """Wall times of `n` calls, seconds."""
    times = []
    for _ in range(n):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return times


def summary(times: list[float]) -> str:
    """median (min-max) in ms."""
    med = statistics.median(times) * 1000
    return f"{med:.1f} ms (min {min(times) * 1000:.1f}, max {max(times) * 1000:.1f}, n={len(times)})"


def machine() -> str:
    return f"{platform.node()} · {platform.machine()} · {os.cpu_count()} cores · Python {platform.python_version()}"


def table(headers: list[str], rows: list[list[object]]) -> str:
    """A Markdown table."""
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def write_section(key: str, title: str, body: str) -> None:
    """Replace (or add) the section `key` of bench/RESULTS.md and print it."""
    stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    section = f"<!-- {key} -->\n## {title}\n\n_{stamp} · {machine()}_\n\n{body.strip()}\n<!-- /{key} -->\n"
    print(section)
    text = (
        RESULTS.read_text(encoding="utf-8")
        if RESULTS.exists()
        else "# Benchmark results\n\nWritten by `make bench`; each section by its script.\n\n"
    )
    pattern = re.compile(rf"<!-- {re.escape(key)} -->.*?<!-- /{re.escape(key)} -->\n", re.DOTALL)
    text = pattern.sub(lambda _m: section, text) if pattern.search(text) else text.rstrip("\n") + "\n\n" + section
    RESULTS.write_text(text, encoding="utf-8")
