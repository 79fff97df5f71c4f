"""A self-contained HTML report of a run: status, heatmap, iterations, final output.

No external resource: it reads offline. Its one script is a constant (the heatmap's arrow keys), admitted by
its hash in the content security policy, so nothing from a run can execute; all run text is escaped.
Iterations count from 1, as on the dashboard.
"""

from __future__ import annotations

import html
from datetime import UTC, datetime

from rubric_core.verdicts import check_of, check_text, verdict_of
from rubric_core.views.diff import DIFF_CSS, inline_html, word_diff
from rubric_core.views.heatmap import GRID_KEYS_SCRIPT, HEATMAP_CSP, HEATMAP_CSS, heatmap_html
from rubric_core.views.run_view import STATUS_COLORS, STATUS_LABELS, RunView, criteria_rows, shown

_CSS = """<style>
body{font-family:system-ui,-apple-system,Segoe UI,sans-serif;max-width:1100px;margin:2rem auto;padding:0 1rem;color:#1f2328}
h1{font-size:1.6rem} .status{display:inline-block;padding:0.3rem 0.8rem;border-radius:999px;color:#fff;font-weight:600}
pre{white-space:pre-wrap;background:#f6f8fa;padding:0.8rem;border-radius:6px}
.meta{color:#57606a} details{margin:0.6rem 0} span.human{font-size:0.75rem;color:#57606a}
.offline{background:#fff8c5;border:1px solid #d4a72c;border-radius:6px;padding:0.5rem 0.8rem}
.check{display:block;color:#57606a;font-size:0.85rem;margin-left:1.4rem} .na{color:#57606a;font-style:italic}
</style>"""


def _e(text: object) -> str:
    return html.escape(str(text))


def heatmap_table(view: RunView, turn_index: int = -1, reviews: list[dict] | None = None) -> str:
    """The criteria x iterations heatmap (the dashboard's HTML/CSS grid: hover and click need no script).

    `reviews` (newest review per cell) marks reviewed cells and outlines disagreements with the grader.
    """
    if not view.turns:
        return "<p>No graded iterations.</p>"
    from rubric_core.views.frames import criteria_frame_from_rows  # pandas: only when a report is made

    turn = view.turns[turn_index]
    frame = criteria_frame_from_rows(criteria_rows(view.run_id, turn.iterations), reviews)
    grid = heatmap_html(frame, key="report", turn=turn.turn, drafts=view.drafts())
    return grid or "<p>No graded iterations.</p>"


def _reviews_by_cell(reviews: list[dict] | None) -> dict[tuple[int, int, str], dict]:
    return {(v["turn"], v["iteration"], v["criterion"]): v for v in reviews or []}


def _human_item(review: dict | None) -> str:
    if review is None:
        return ""
    verdict = "pass" if review["passed"] else "fail"
    reason = f": {_e(review['reason'])}" if review.get("reason") else ""
    return f" <span class='human'>(human {_e(review['reviewer'])}: {verdict}{reason})</span>"


def _criterion_item(criterion: dict, review: dict | None) -> str:
    """One verdict: its mark (n/a apart), the criterion, the gap, and the check that decided it."""
    verdict = verdict_of(criterion)
    mark = {"pass": "✔", "fail": "✘"}.get(verdict, "<span class='na'>n/a</span>")
    gap = "" if verdict == "pass" else " — " + _e(criterion.get("gap", ""))
    check = f"<span class='check'>Check: {_e(check_text(check_of(criterion)))}</span>"
    return f"<li data-verdict='{verdict}'>{mark} {_e(criterion['name'])}{gap}{_human_item(review)}{check}</li>"


def render_report(view: RunView, *, title: str = "Rubric Studio run", reviews: list[dict] | None = None) -> str:
    """The whole report as one HTML document; `reviews` (newest per cell) shows human verdicts beside the grader's."""
    by_cell = _reviews_by_cell(reviews)
    status = view.status
    color = STATUS_COLORS.get(status, "#57606a")
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        f"<meta http-equiv='Content-Security-Policy' content=\"{HEATMAP_CSP}\">",
        f"<title>{_e(title)}</title>{_CSS}{HEATMAP_CSS}{DIFF_CSS}</head><body>",
        f"<h1>{_e(title)}</h1>",
        f"<p><span class='status' style='background:{color}'>{_e(STATUS_LABELS.get(status, status))}</span></p>",
        f"<p class='meta'>Run {_e(view.run_id)} · working model {_e(view.models.get('model', view.config.get('model', '')))}"
        f" · grader {_e(view.models.get('grader', view.config.get('grader', '')))} · {_e(view.agent_label)}"
        f" · {view.facts()}"
        f" · generated {datetime.now(UTC).strftime('%Y-%m-%d %H:%M UTC')}</p>",
        *([f"<p class='offline'>{_e(view.offline_note())}</p>"] if view.offline_note() else []),
        *([f"<p class='offline'><b>Not judged (n/a):</b> {_e(view.na_note())}</p>"] if view.na_note() else []),
        f"<h2>Task</h2><pre>{_e(view.config.get('task', ''))}</pre>",
        f"<h2>Rubric</h2><pre>{_e(view.current.rubric if view.current else view.config.get('rubric', ''))}</pre>",
        f"<h2>Criteria by iteration</h2>{heatmap_table(view, reviews=reviews)}",
    ]
    if view.explanation():
        parts.append(f"<p><b>Grader:</b> {_e(view.explanation())}</p>")
    if view.error:
        parts.append(f"<p><b>Error:</b> {_e(view.error)}</p>")
    parts.append("<h2>Iterations</h2>")
    previous = ""
    for it in view.all_iterations():
        parts.append(
            f"<details {'open' if it is view.all_iterations()[-1] else ''}><summary>"
            f"{'Turn ' + str(it.turn + 1) + ', i' if len(view.turns) > 1 else 'I'}teration {shown(it.iteration)}: "
            f"{_e(STATUS_LABELS.get(it.result or '', it.result or 'not graded'))}</summary>"
        )
        parts.append(f"<h4>Draft</h4><pre>{_e(it.draft)}</pre>")
        if previous:
            parts.append(f"<h4>Change from the previous draft</h4>{inline_html(word_diff(previous, it.draft))}")
        for path, content in it.files.items():
            parts.append(f"<h4>File {_e(path)}</h4><pre>{_e(content)}</pre>")
        if it.evaluation:
            parts.append(
                "<ul>"
                + "".join(_criterion_item(c, by_cell.get((it.turn, it.iteration, c["name"]))) for c in it.criteria)
                + "</ul>"
            )
        if it.feedback:
            parts.append(f"<h4>Feedback to the agent</h4><pre>{_e(it.feedback)}</pre>")
        parts.append("</details>")
        previous = it.draft
    parts.append(f"<h2>Final output</h2><pre>{_e(view.final_output)}</pre>")
    for path, content in view.final_files.items():
        parts.append(f"<h3>{_e(path)}</h3><pre>{_e(content)}</pre>")
    parts.append(f"{GRID_KEYS_SCRIPT}</body></html>")
    return "".join(parts)
