"""A self-contained HTML report of a run: status, heatmap, iterations, final output.

No script, no external resource: it reads offline and executes nothing. All
run text is escaped.
"""

from __future__ import annotations

import html
from datetime import UTC, datetime

from rubric_core.diff import DIFF_CSS, inline_html, word_diff
from rubric_core.view import STATUS_COLORS, STATUS_LABELS, RunView, criteria_matrix, regressions

HEATMAP_CSS = (
    "<style>table.hm{border-collapse:collapse;margin:0.5rem 0;font-size:0.85rem}"
    "table.hm th,table.hm td{border:1px solid #d0d7de;padding:0.3rem 0.6rem}"
    "td.pass{background:#dafbe1;text-align:center} td.fail{background:#ffebe9;text-align:center}"
    "td.none{background:#f6f8fa} td.reg{outline:3px solid #cf222e}"
    "td.dis{outline:3px dashed #8250df} span.human{font-size:0.75rem;color:#57606a}</style>"
)
"""The heatmap table's styles (the dashboard injects them once per page; the report inlines them)."""

_CSS = """<style>
body{font-family:system-ui,-apple-system,Segoe UI,sans-serif;max-width:1100px;margin:2rem auto;padding:0 1rem;color:#1f2328}
h1{font-size:1.6rem} .status{display:inline-block;padding:0.3rem 0.8rem;border-radius:999px;color:#fff;font-weight:600}
pre{white-space:pre-wrap;background:#f6f8fa;padding:0.8rem;border-radius:6px}
.meta{color:#57606a} details{margin:0.6rem 0}
</style>"""


def _e(text: object) -> str:
    return html.escape(str(text))


def _reviews_by_cell(reviews: list[dict] | None) -> dict[tuple[int, int, str], dict]:
    return {(v["turn"], v["iteration"], v["criterion"]): v for v in reviews or []}


def _human_mark(review: dict | None, grader_passed: bool | None) -> tuple[str, str, str]:
    """(extra class, cell suffix, title suffix) for a cell's newest human review."""
    if review is None:
        return "", "", ""
    verdict = "pass" if review["passed"] else "fail"
    disagrees = grader_passed is not None and bool(review["passed"]) != bool(grader_passed)
    suffix = f"<br><span class='human'>human: {verdict}{' (disagrees)' if disagrees else ''}</span>"
    title = f" | human ({review['reviewer']}): {verdict} {review.get('reason') or ''}"
    return (" dis" if disagrees else ""), suffix, title


def heatmap_table(view: RunView, turn_index: int = -1, reviews: list[dict] | None = None) -> str:
    """The criteria x iterations heatmap as a plain HTML table (gaps in the cell titles).

    `reviews` (newest review per cell) adds the human verdict to each reviewed
    cell; a disagreement with the grader is outlined.
    """
    if not view.turns:
        return "<p>No graded iterations.</p>"
    turn = view.turns[turn_index]
    names, iterations, passed, gaps = criteria_matrix(turn)
    if not names:
        return "<p>No graded iterations.</p>"
    reg = regressions(passed)
    by_cell = _reviews_by_cell(reviews)
    head = "".join(f"<th>iteration {i}</th>" for i in iterations)
    rows = []
    for r, name in enumerate(names):
        cells = []
        for c in range(len(iterations)):
            value = passed[r][c]
            cls = "none" if value is None else ("pass" if value else "fail")
            mark = "" if value is None else ("✔ pass" if value else "✘ fail")
            if reg[r][c]:
                cls += " reg"
                mark += " (regressed)"
            extra, suffix, title = _human_mark(by_cell.get((turn.turn, iterations[c], name)), value)
            cells.append(f'<td class="{cls}{extra}" title="{_e(gaps[r][c] + title)}">{mark}{suffix}</td>')
        rows.append(f"<tr><th style='text-align:left'>{_e(name)}</th>{''.join(cells)}</tr>")
    return f'<table class="hm"><tr><th>criterion</th>{head}</tr>{"".join(rows)}</table>'


def _human_item(review: dict | None) -> str:
    if review is None:
        return ""
    verdict = "pass" if review["passed"] else "fail"
    reason = f": {_e(review['reason'])}" if review.get("reason") else ""
    return f" <span class='human'>(human {_e(review['reviewer'])}: {verdict}{reason})</span>"


def render_report(view: RunView, *, title: str = "Rubric Studio run", reviews: list[dict] | None = None) -> str:
    """The whole report as one HTML document; `reviews` (newest per cell) shows human verdicts beside the grader's."""
    by_cell = _reviews_by_cell(reviews)
    status = view.status
    color = STATUS_COLORS.get(status, "#57606a")
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        "<meta http-equiv='Content-Security-Policy' content=\"default-src 'none'; style-src 'unsafe-inline'\">",
        f"<title>{_e(title)}</title>{_CSS}{HEATMAP_CSS}{DIFF_CSS}</head><body>",
        f"<h1>{_e(title)}</h1>",
        f"<p><span class='status' style='background:{color}'>{_e(STATUS_LABELS.get(status, status))}</span></p>",
        f"<p class='meta'>Run {_e(view.run_id)} · working model {_e(view.models.get('model', view.config.get('model', '')))}"
        f" · grader {_e(view.models.get('grader', view.config.get('grader', '')))}"
        f" · {len(view.all_iterations())} iteration(s) · {view.tokens} tokens · {view.wall_time_s:.1f} s"
        f" · generated {datetime.now(UTC).strftime('%Y-%m-%d %H:%M UTC')}</p>",
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
            f"<details {'open' if it is view.all_iterations()[-1] else ''}><summary>Turn {it.turn}, iteration "
            f"{it.iteration}: {_e(it.result or 'not graded')}</summary>"
        )
        parts.append(f"<h4>Draft</h4><pre>{_e(it.draft)}</pre>")
        if previous:
            parts.append(f"<h4>Change from the previous draft</h4>{inline_html(word_diff(previous, it.draft))}")
        for path, content in it.files.items():
            parts.append(f"<h4>File {_e(path)}</h4><pre>{_e(content)}</pre>")
        if it.evaluation:
            parts.append(
                "<ul>"
                + "".join(
                    f"<li>{'✔' if c['passed'] else '✘'} {_e(c['name'])}{'' if c['passed'] else ' — ' + _e(c.get('gap', ''))}"
                    f"{_human_item(by_cell.get((it.turn, it.iteration, c['name'])))}</li>"
                    for c in it.criteria
                )
                + "</ul>"
            )
        if it.feedback:
            parts.append(f"<h4>Feedback to the agent</h4><pre>{_e(it.feedback)}</pre>")
        parts.append("</details>")
        previous = it.draft
    parts.append(f"<h2>Final output</h2><pre>{_e(view.final_output)}</pre>")
    for path, content in view.final_files.items():
        parts.append(f"<h3>{_e(path)}</h3><pre>{_e(content)}</pre>")
    parts.append("</body></html>")
    return "".join(parts)
