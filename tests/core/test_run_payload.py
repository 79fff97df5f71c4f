"""The run view element's payload (rubric_core/views/run_payload.py) and a draft's Markdown tree: plain data, every
run string as text, the heatmap with the report's semantics, and a stamp that changes only with what is drawn."""

from __future__ import annotations

import html
import json
import re

from rubric_core.views.frames import criteria_frame_from_rows
from rubric_core.views.heatmap import heatmap_html
from rubric_core.views.markdown_tree import TAGS, markdown_tree
from rubric_core.views.run_payload import run_payload
from rubric_core.views.run_view import RunView, criteria_rows
from tests.core.helpers import XSS_IMG, XSS_LINK, XSS_SCRIPT, planted_run_events

RUN = "p" * 32


def _view(upto: int | None = None) -> RunView:
    events = planted_run_events(RUN)
    return RunView.from_events(RUN, events if upto is None else events[:upto])


def _nodes(tree: list) -> list[dict]:
    out, stack = [], list(tree)
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            out.append(node)
            stack.extend(node["c"])
    return out


def _leaves(tree: list) -> str:
    out, stack = [], list(reversed(tree))
    while stack:
        node = stack.pop()
        if isinstance(node, str):
            out.append(node)
        else:
            stack.extend(reversed(node["c"]))
    return "".join(out)


def test_a_drafts_markdown_is_a_tree_of_known_tags_with_planted_html_as_text() -> None:
    """Raw HTML stays text, a javascript: link keeps no address, an image is its alt text, headings go three levels
    down and a line break is a line break."""
    tree = markdown_tree(
        f"# Title\n\nOne **bold** {XSS_IMG}\nline two {XSS_SCRIPT}\n\n{XSS_LINK} [safe](https://example.org/a)"
        " ![a cat](http://example.org/cat.png)\n\n1. one\n2. two"
    )
    nodes = _nodes(tree)
    assert {n["t"] for n in nodes} <= TAGS
    assert tree[0] == {"t": "h4", "c": ["Title"]}
    text = _leaves(tree)
    assert XSS_IMG in text and XSS_SCRIPT in text, "planted HTML is kept as text"
    links = [n for n in nodes if n["t"] == "a"]
    assert [n["href"] for n in links] == ["https://example.org/a"], links
    assert "[open me](javascript:window.__xss=3)" in text, "a javascript: link is not a link"
    assert "[image: a cat]" in text and "cat.png" not in json.dumps(tree)
    assert any(n["t"] == "br" for n in nodes), "the draft's line break is kept"
    assert any(n["t"] == "ol" for n in nodes) and any(n["t"] == "strong" for n in nodes)


def test_the_payload_is_plain_json_with_every_verdict_its_check_and_n_a_apart() -> None:
    payload = run_payload(_view(), reviews=[])
    assert json.loads(json.dumps(payload)) == payload, "plain JSON data"
    (turn,) = payload["turns"]
    first, second = turn["iterations"]
    assert [c["chip"]["label"] for c in (first, second)] == ["1: needs revision", "2: max iterations reached"]
    assert [c["verdict"] for c in second["criteria"]] == ["pass", "fail", "n/a"]
    assert second["criteria"][2]["text"] == "n/a (cannot judge)"
    assert second["criteria"][0]["check"] == f"word match: {XSS_IMG} (looked for sea {XSS_SCRIPT})"
    assert second["criteria"][2]["check"] == f"cannot judge: no check {XSS_LINK}"
    assert second["summary"] == "Iteration 2: Max iterations reached (1 of 2 criteria pass · 1 n/a)"
    assert second["tools"] and XSS_SCRIPT in second["tools"][0]
    assert payload["newest"] == {"key": "0:1", "iteration": 1, "result": "max_iterations_reached"}
    assert payload["banner"]["label"] == "Max iterations reached" and payload["header"] is None
    assert payload["explanation"] == f"explained {XSS_SCRIPT}"
    assert payload["reviewed"] is False, "no human columns for a run nobody reviewed"
    # A planted string reaches the payload as it was written: the element sets it as text, never as HTML.
    assert payload["task"] == f"Describe the sea {XSS_IMG} {XSS_SCRIPT} {XSS_LINK}"
    assert "&lt;" not in json.dumps(payload), "nothing is escaped for HTML: nothing is parsed as HTML"


def test_the_heatmap_cells_say_what_the_reports_heatmap_says() -> None:
    """One semantics: each cell's class, mark and details are those of rubric_core/views/heatmap.py's grid."""
    view = _view()
    reviews = [
        {"run_id": RUN, "turn": 0, "iteration": 1, "position": 1, "criterion": view.turns[0].iterations[1].criteria[1]}
    ]
    reviews[0] |= {"criterion": reviews[0]["criterion"]["name"], "passed": True, "reason": "fine", "reviewer": "ann"}
    payload = run_payload(view, reviews=reviews)
    (grid,) = payload["heatmaps"]
    report = heatmap_html(criteria_frame_from_rows(criteria_rows(RUN, view.all_iterations()), reviews), key="k")
    drawn = re.findall(
        r'<label class="rs-hm-cell ([^"]+)" title="([^"]*)" data-criterion="(\d)" data-iteration="(\d)"', report
    )
    assert len(drawn) == 6
    for cls, title, r, it in drawn:
        cell = grid["cells"][int(r)][grid["iterations"].index(int(it))]
        assert (cell["cls"], cell["details"]) == (cls, html.unescape(title))
    assert grid["cells"][1][1]["cls"] == "fail dis", "a person who disagrees with the grader is marked"
    assert "Human review by ann: pass (disagrees with the grader) — fine" in grid["cells"][1][1]["details"]
    assert grid["cells"][2][1]["mark"] == "n/a"
    assert [cls for cls, _text in grid["legend"]][-2:] == ["rev", "dis"]
    assert payload["reviewed"] is True
    assert payload["turns"][0]["iterations"][1]["criteria"][1]["human"] == "✔ pass (ann) ≠ grader"


def test_a_live_run_says_its_phase_and_the_stamp_moves_only_with_what_is_drawn() -> None:
    events = planted_run_events(RUN)
    grading = next(n for n, e in enumerate(events) if e.type == "grading_started") + 1
    live = run_payload(RunView.from_events(RUN, events[:grading]))
    assert live["live"] and live["banner"] is None
    assert live["header"]["phase"] == "grading"
    assert (
        f"{live['header']['count']} · {live['header']['text']}" == "Iteration 1 of 3 · The grader is checking draft 1…"
    )
    assert live["turns"][0]["iterations"][0]["chip"] == {"status": "grading", "label": "1: grading", "color": "#8250df"}
    assert live["newest"] is None and live["latest_draft"] == "0:0"
    cancelling = run_payload(RunView.from_events(RUN, events[:grading]), cancelling=True)
    assert cancelling["header"]["phase"] == "cancelling" and cancelling["header"]["lead"]["label"] == "Cancelling…"
    again = run_payload(RunView.from_events(RUN, events[:grading]))
    assert again["stamp"] == live["stamp"], "a poll that found nothing new sends the same stamp"
    chosen = run_payload(RunView.from_events(RUN, events[:grading]), chosen={"iteration": "0:0", "cell": "0:1:0"})
    assert chosen["stamp"] == live["stamp"] and chosen["chosen"] == {"iteration": "0:0", "cell": "0:1:0"}
    later = run_payload(RunView.from_events(RUN, events[: grading + 1]))
    assert later["stamp"] != live["stamp"] and later["newest"]["iteration"] == 0


def test_present_has_what_came_out_and_the_replay_opening_on_the_verdicts_about_it() -> None:
    payload = run_payload(_view(), mode="present")
    present = payload["present"]
    steps = present["steps"]
    assert [s["kind"] for s in steps] == ["draft", "verdicts", "feedback", "draft", "verdicts"]
    assert steps[0]["title"] == "Step 1 of 5 · Iteration 1 · Draft"
    assert steps[2]["title"] == "Step 3 of 5 · Iteration 1 · Feedback to the agent"
    # The final draft is shown once, under What came out (issue 40 item 4); the replay opens on the verdicts
    # about it, which say so, rather than on a second copy of the draft.
    assert present["start"] == 4 and not present["follow"]
    assert steps[4]["note"] == "The verdicts on the final draft (shown above, under What came out)."
    assert present["output_label"] == "What came out: the final draft (iteration 2)"
    assert present["sentence"].startswith("Stopped at its cap of 3 drafts")
    assert present["final_output"] == f"final {XSS_SCRIPT}"
    # The rubric beside the task says how the final draft met each criterion ("whether it met the bar and why").
    said = present["asked"][0]["criteria"]
    assert said and {c["verdict"] for c in said} <= {"pass", "fail", "n/a"}
    assert all(c["mark"] == {"pass": "✔", "fail": "✘", "n/a": "n/a"}[c["verdict"]] for c in said)
    assert all((c["gap"] == "") == (c["verdict"] == "pass") or not c["gap"] for c in said)
    assert present["asked"][0]["message"].startswith("Describe the sea") and present["maps"] == {
        "0": "Criteria by draft"
    }
    assert any("Working model m · graded by g" == line for line in present["details"])
    live = run_payload(_view(upto=6), mode="present")["present"]
    assert live["follow"] and live["start"] == len(live["steps"]) - 1, "a live run opens on its newest step"
