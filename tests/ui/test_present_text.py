"""Present draws a draft and the final output as plain text, never through st.code.

st.code loads Streamlit's syntax highlighter in the browser: about 0.4 s of JavaScript before a share link's
Present view appeared (bench/RESULTS.md). The run view element draws both from its payload, as text (its script
sets them with textContent: tests/browser/test_run_element.py). The test fails on the code before the element
(both blocks were st.code, then escaped st.html blocks).
"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

from streamlit.testing.v1 import AppTest

from bench.seed import run_events
from rubric_core.store import Store
from tests.ui.helpers import run_payload

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
    payload = run_payload(at)
    first = payload["present"]["steps"][payload["present"]["start"]]
    assert first["kind"] == "verdicts"  # the replay opens on the verdicts on the final draft (shown above it)
    drafted = next(i for t in payload["turns"] for i in t["iterations"] if i["key"] == first["key"])
    assert drafted["draft"] == PLANTED and payload["present"]["final_output"] == PLANTED
    # Nothing of it reaches the page as HTML: no Markdown or HTML element carries the planted text.
    assert not [h for h in [*at.get("html"), *at.markdown] if "onerror" in str(h.value)]
