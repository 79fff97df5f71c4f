"""A link to one cell (issue 40 item 6: the Assistant's findings link their cells) opens the Run page at that
iteration with that criterion's heatmap cell chosen; a criterion asked of one run is not carried to another."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import parse_qs, urlparse

from streamlit.testing.v1 import AppTest

from rubric_core.engine import Engine
from rubric_core.store import Store
from rubric_ui.widgets.cell_links import cell_href
from tests.core.helpers import example_config

ROOT = Path(__file__).resolve().parents[2]


def _chosen(at: AppTest) -> dict:
    for element in at.get("bidi_component"):
        data = json.loads(element.proto.json)
        if data.get("mode") == "run" and "chosen" in data:
            return data["chosen"]
    raise AssertionError("no run view element on the page")


def test_a_cell_link_opens_the_run_at_its_iteration_and_criterion(store: Store, engine: Engine) -> None:
    run_id = engine.execute(example_config("haiku"), subscribers=[store.record]).run_id
    assert store.get_run(run_id)["iterations"] >= 2
    href = cell_href(run_id, 0, 1, 2)
    assert href == f"./?run={run_id}&it=2&crit=3"
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    for name, values in parse_qs(urlparse(href).query).items():
        at.query_params[name] = values[0]
    at.run()
    assert not at.exception
    assert _chosen(at) == {"iteration": "0:1", "cell": "0:2:1"}
    # The same session moves to another run: the criterion asked of the first one is dropped.
    other = engine.execute(example_config("lipogram"), subscribers=[store.record]).run_id
    at.query_params["run"] = other
    at.run()
    assert not at.exception and "crit" not in at.query_params
    assert _chosen(at)["cell"] is None
