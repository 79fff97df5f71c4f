"""Present draws a draft and the final output as escaped preformatted text, never through st.code.

st.code loads Streamlit's syntax highlighter in the browser: about 0.4 s of JavaScript before a share link's
Present view appeared (bench/RESULTS.md). The test fails on the old code (both blocks were st.code).
"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

from streamlit.testing.v1 import AppTest

from bench.seed import run_events
from rubric_core.store import Store

ROOT = Path(__file__).resolve().parents[2]
PLANTED = '<img src=x onerror="alert(1)"> & <b>bold</b>\n    indented line\n\nlast'
RUN_ID = "0" * 8 + "presenttext00000" + "0" * 8


def test_present_shows_the_draft_and_the_output_as_escaped_plain_text(store: Store) -> None:
    events = run_events(RUN_ID, 1_700_000_000.0, iterations=2, criteria=3, rng=random.Random(3))
    planted = []
    for ev in events:
        if ev.type == "draft":
            ev = dataclasses.replace(ev, data={**ev.data, "text": PLANTED})
        elif ev.type == "finished":
            ev = dataclasses.replace(ev, data={**ev.data, "final_output": PLANTED})
        planted.append(ev)
    store.import_runs([(planted, "test")])
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.query_params["run"] = RUN_ID
    at.query_params["view"] = "present"
    at.run()
    assert not at.exception
    assert not at.code  # no syntax-highlighted block on the page
    escaped = "&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &lt;b&gt;bold&lt;/b&gt;\n    indented line\n\nlast"
    blocks = [str(h.value) for h in at.get("html") if "rs-plain" in str(h.value) and escaped in str(h.value)]
    # The replay's step (it opens on the final draft) and the final output, in the page's font (issue 33 item 7).
    assert blocks == [f'<pre class="rs-plain rs-prose">{escaped}</pre>'] * 2
    assert all("<img" not in b and "<b>" not in b for b in blocks)
