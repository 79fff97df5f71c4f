"""Live tokens: from a token leaving the provider to its appearance in the run view (issue 39 item 5).

The provider is the loopback OpenAI stub (tests/stubs/openai_stub.py) streaming over SSE at a real model's pace
(`--rate` tokens a second); it stamps each token with `time.time()` as it writes it to the socket. Runs execute
in the default pool of worker processes (started here, on the dashboard's store), which write the live-preview
row; the dashboard (a real `streamlit run`) polls it, and one Chromium page per run records with a
MutationObserver the `Date.now()` at which each token first shows in the live text. Same machine, same clock.

Each token is unique (`r<call>t<n>`), so a page's sighting is matched to the stub's stamp. Every run's first
token is held until every page is open and observing, so page loads do not count. Measured with 1 and with 8
live runs at once; also how often each page's live preview was redrawn (the channel's throttle: at most about
10 writes a second per run). Run: `python -m bench.live_tokens [--tokens 150] [--rate 40] [--runs 1 8] [--pages 8]`
"""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from langchain_core.messages import AIMessage

from bench.browser_common import chromium
from bench.common import table, write_section
from tests.browser.server import AppServer
from tests.stubs.openai_stub import StubOpenAI, is_grading, offline_brain

KEY = "sk-bench-live-tokens-0123456789"
OBSERVER = """() => {
  const rs = (window.__tok = { seen: {}, redraws: [], lastStamp: null });
  const look = () => {
    const slot = document.querySelector('.rs-live-slot');
    if (slot && slot.dataset.stamp && slot.dataset.stamp !== rs.lastStamp) {
      rs.lastStamp = slot.dataset.stamp;
      rs.redraws.push(Date.now());
    }
    const text = document.querySelector('.rs-live-text');
    if (!text) return;
    const now = Date.now();
    for (const tok of text.textContent.match(/r\\d+t\\d+/g) || []) if (!(tok in rs.seen)) rs.seen[tok] = now;
  };
  new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true,
    attributes: true, attributeFilter: ['data-stamp'] });
  look();
}"""


class Provider:
    """The stub's brain and pace: each writer call writes `tokens` unique tokens at `rate` a second."""

    def __init__(self, tokens: int, rate: float) -> None:
        self.tokens, self.rate = tokens, rate
        self.calls = itertools.count()
        self.go = threading.Event()

    def brain(self, messages: list[Any], kwargs: dict[str, Any]) -> AIMessage:
        if is_grading(kwargs):
            return offline_brain(messages, kwargs)
        call = next(self.calls)
        return AIMessage(" ".join(f"r{call}t{n}" for n in range(self.tokens)))

    def hold(self, piece: dict[str, Any]) -> None:
        if piece["kind"] != "text":
            return
        if piece["piece"] == 0:
            self.go.wait(600)  # every page observing before the first token leaves
        else:
            time.sleep(1 / self.rate)


def measure(
    server: AppServer, stub: StubOpenAI, provider: Provider, runs: int, browser: Any, pages_at_most: int
) -> dict[str, Any]:
    from rubric_core.config import RunConfig
    from rubric_core.engine import Engine
    from rubric_core.execution.manager import RunManager
    from rubric_core.store import open_store

    provider.go.clear()
    store = open_store(server.store_url)
    manager = RunManager(Engine(server.home), store)  # the default backend: the pool of worker processes
    config = RunConfig.from_dict(
        {
            "task": "Write a long list of tokens.",
            "rubric": "- At least 20 words",
            "model": "openai:gpt-4o-mini",
            "grader": "offline:grader",
            "max_iterations": 1,
            "timeout_s": 3600,  # the first token waits for every page to open (minutes on a loaded machine)
        }
    )
    keys = {"OPENAI_API_KEY": KEY, "OPENAI_BASE_URL": stub.base_url}
    sent_before = len(stub.sent)
    handles = [manager.start(config, keys=keys) for _ in range(runs)]
    deadline = time.monotonic() + 600  # the pool's workers may still be starting: until every run is stored
    while any(store.get_run(h.run_id) is None for h in handles) and time.monotonic() < deadline:
        time.sleep(0.1)
    pages = []
    watched = handles[:pages_at_most]
    for handle in watched:  # every page loads at once (one after the other took minutes on a loaded machine)
        page = browser.new_page(viewport={"width": 1440, "height": 1000})
        page.goto(f"{server.url}/?run={handle.run_id}", wait_until="commit", timeout=600_000)
        pages.append(page)
    for handle, page in zip(watched, pages, strict=True):
        try:
            page.wait_for_selector("[data-testid='rs-run-view']", state="attached", timeout=900_000)
        except Exception:
            print(
                f"run {handle.run_id}: its page never drew the run view; it showed:\n{page.inner_text('body')[:2000]}"
            )
            raise
        page.evaluate(OBSERVER)
    stored: dict[str, float] = {}
    watching = threading.Thread(target=_watch_store, args=(store, [h.run_id for h in handles], stored), daemon=True)
    provider.go.set()
    watching.start()
    for handle in handles:
        assert handle.wait(600), "a run never ended"
    watching.join()
    seen: dict[str, float] = {}
    rates = []
    for page in pages:
        tok = page.evaluate("() => window.__tok")
        mine = {k: v / 1000 for k, v in tok["seen"].items()}
        seen.update(mine)
        if len(mine) > 1:  # redraws a second while the page's tokens came in
            start, end = min(mine.values()), max(mine.values())
            redraws = [t / 1000 for t in tok["redraws"] if start <= t / 1000 <= end]
            rates.append(len(redraws) / max(end - start, 1e-3))
        page.close()
    store.close()
    sent = {p["text"].strip(): p["at"] for p in stub.sent[sent_before:] if p["kind"] == "text"}
    return {
        "runs": runs,
        "pages": len(pages),
        "tokens": len(sent),
        "page_tokens": round(len(sent) * len(pages) / runs),
        "ms": sorted((seen[k] - at) * 1000 for k, at in sent.items() if k in seen),
        "store_ms": sorted((stored[k] - at) * 1000 for k, at in sent.items() if k in stored),
        "rates": rates,
    }


def _watch_store(store: Any, run_ids: list[str], stored: dict[str, float]) -> None:
    """When each token first shows in its run's live row (polled every 20 ms until every run ended)."""
    import re

    from rubric_core.store.live_preview import read_live

    token = re.compile(r"r\d+t\d+")
    while True:
        live = False
        for run_id in run_ids:
            row = read_live(store, run_id)
            if row is None:
                run = store.get_run(run_id)
                live = live or (run is not None and run["status"] == "running")
                continue
            live = True
            now = time.time()
            for tok in token.findall(row.get("text") or ""):
                stored.setdefault(tok, now)
        if not live:
            return
        time.sleep(0.02)


def _pct(values: list[float], q: float) -> float:
    return values[min(len(values) - 1, round(q * (len(values) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tokens", type=int, default=150, help="tokens in each run's draft")
    parser.add_argument("--rate", type=float, default=40.0, help="tokens a second the provider sends, per run")
    parser.add_argument("--runs", type=int, nargs="+", default=[1, 8], help="live runs at once, per measurement")
    parser.add_argument("--pages", type=int, default=8, help="pages open, each on one of the live runs (at most)")
    args = parser.parse_args()
    provider = Provider(args.tokens, args.rate)
    load = os.getloadavg()
    rows = []
    with StubOpenAI(provider.brain, hold=provider.hold) as stub:
        env = {"OPENAI_API_KEY": KEY, "OPENAI_BASE_URL": stub.base_url}
        server = AppServer(Path(tempfile.mkdtemp(prefix="bench-tokens-")), env=env)
        os.environ["RUBRIC_STUDIO_HOME"] = str(server.home)
        try:
            with chromium() as browser:
                for runs in args.runs:
                    result = measure(server, stub, provider, runs, browser, args.pages)
                    ms, store_ms = result["ms"], result["store_ms"]
                    rate = statistics.median(result["rates"]) if result["rates"] else float("nan")
                    rows.append(
                        [
                            runs,
                            result["pages"],
                            f"{len(ms)} of {result['page_tokens']}",
                            f"{statistics.median(ms):.0f} ms",
                            f"{_pct(ms, 0.95):.0f} ms",
                            f"{ms[0]:.0f} / {ms[-1]:.0f} ms",
                            f"{statistics.median(store_ms):.0f} / {_pct(store_ms, 0.95):.0f} ms",
                            f"{rate:.1f} / s",
                        ]
                    )
        finally:
            server.stop()
    body = (
        f"Each run writes {args.tokens} tokens at {args.rate:g} tokens a second (the loopback OpenAI stub over SSE, "
        "each token stamped as it is written to the socket); runs execute in the default pool of worker processes, "
        "which write the run's live-preview row; a Chromium page on each of the first `--pages` runs (a real "
        "`streamlit run`) stamps each token's first appearance in the live text (MutationObserver, `Date.now()`); this process polls the rows "
        "every 20 ms for the same tokens (provider to store, the part of the latency before the dashboard). Page "
        "redraws: how many times a second each page's live preview changed while its tokens came in (median of the "
        "pages; the channel writes at most 10 a second per run). The last tokens of a draft can reach the page as the stored draft rather than in the live "
        "text (the draft is stored before the next preview write): they are not counted. "
        f"Load average at start {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} (shared machine).\n\n"
        + table(
            [
                "live runs",
                "pages open",
                "tokens seen on the pages",
                "to the page: p50",
                "p95",
                "min / max",
                "to the store's row: p50 / p95",
                "page redraws a second",
            ],
            rows,
        )
    )
    write_section("live-tokens", "15. Live tokens: provider to page (issue 39)", body)


if __name__ == "__main__":
    main()
