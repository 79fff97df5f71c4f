"""A self-contained HTML report of a run, for someone who has never seen the tool.

At the top, what the run came to in one sentence (said once); then what was asked (the task, and the rubric with
how the final draft met each criterion) beside what came out (the final draft, shown whole once); then how it got
there, every turn with its own rubric, heatmap and steps (the first draft whole, each later draft as what changed);
the model specs, token counts and agent behind a "Details" fold. Text reads in the body font (code files alone are
monospace).

No external resource: it reads offline. Its one script is a constant (the heatmap's arrow keys), admitted by
its hash in the content security policy, so nothing from a run can execute; all run text is escaped.
Iterations count from 1, as on the dashboard.
"""

from __future__ import annotations

import html
from datetime import UTC, datetime

from rubric_core.redaction import redact
from rubric_core.verdicts import check_of, check_text, verdict_of
from rubric_core.views.diff import DIFF_CSS, inline_html, word_diff
from rubric_core.views.feedback_origin import feedback_title
from rubric_core.views.heatmap import GRID_KEYS_SCRIPT, HEATMAP_CSP, HEATMAP_CSS, heatmap_html
from rubric_core.views.run_view import STATUS_COLORS, STATUS_LABELS, RunView, TurnView, criteria_rows
from rubric_core.views.story import step_title, turn_stories, verdict_sentence

_CSS = """<style>
body{font-family:system-ui,-apple-system,Segoe UI,sans-serif;font-size:16px;line-height:1.5;max-width:1100px;
  margin:2rem auto;padding:0 1rem;color:#1f2328}
h1{font-size:1.6rem} h2{font-size:1.3rem;margin-top:2rem;border-bottom:1px solid #d0d7de;padding-bottom:0.2rem}
h3{font-size:1.05rem;margin:1rem 0 0.3rem}
.status{display:inline-block;padding:0.3rem 0.8rem;border-radius:999px;color:#fff;font-weight:600}
.verdict{font-size:1.25rem;font-weight:600;margin:0.6rem 0 1rem} .turn-verdict{font-weight:600}
.text{white-space:pre-wrap;overflow-wrap:anywhere;background:#f6f8fa;padding:0.7rem 0.9rem;border-radius:6px;margin:0}
pre{white-space:pre-wrap;background:#f6f8fa;padding:0.8rem;border-radius:6px;font-size:0.9rem}
.rs-hm-draft pre{font-family:inherit;font-size:0.95rem}
.asked{display:grid;grid-template-columns:1fr 1fr;gap:1rem} @media (max-width:760px){.asked{grid-template-columns:1fr}}
.meta{color:#57606a} details{margin:0.6rem 0} summary{cursor:pointer;font-weight:600}
span.human{color:#57606a}
.offline{background:#fff8c5;border:1px solid #d4a72c;border-radius:6px;padding:0.5rem 0.8rem}
.check{display:block;color:#57606a;margin-left:1.4rem} .na{color:#57606a;font-style:italic}
ul.rubric{padding-left:1.2rem;margin:0.3rem 0}
</style>"""


def _e(text: object) -> str:
    return html.escape(redact(str(text)))


def heatmap_table(view: RunView, turn_index: int = -1, reviews: list[dict] | None = None) -> str:
    """The criteria x iterations heatmap (the dashboard's HTML/CSS grid: hover and click need no script).

    `reviews` (newest review per cell) marks reviewed cells and outlines disagreements with the grader.
    """
    if not view.turns:
        return "<p>No graded iterations.</p>"
    from rubric_core.views.frames import criteria_frame_from_rows  # pandas: only when a report is made

    turn = view.turns[turn_index]
    frame = criteria_frame_from_rows(criteria_rows(view.run_id, turn.iterations), reviews)
    grid = heatmap_html(frame, key=f"report-{turn.turn}", turn=turn.turn, drafts=view.drafts(), how_to=False)
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


def _final_rubric(turn: TurnView, by_cell: dict[tuple[int, int, str], dict]) -> str:
    """A turn's rubric as its last graded draft left it: each criterion's mark, check and gap (the "why")."""
    graded = [it for it in turn.iterations if it.evaluation]
    if not graded:
        return f"<div class='text'>{_e(turn.rubric)}</div>"
    last = graded[-1]
    items = "".join(_criterion_item(c, by_cell.get((last.turn, last.iteration, c["name"]))) for c in last.criteria)
    return f"<ul class='rubric'>{items}</ul>"


def _steps(view: RunView, turn: TurnView, by_cell: dict[tuple[int, int, str], dict], *, final: str) -> list[str]:
    """A turn's drafts, verdicts and feedback as replay steps: the first draft whole, each later one as what changed
    (the text with the change marked: one copy of it, not the draft and then its diff); the final draft, shown whole
    at the top, is not repeated when no change led to it."""
    parts = []
    previous = ""
    iterations = turn.iterations
    for it in iterations:
        result = _e(STATUS_LABELS.get(it.result or "", it.result or "not graded"))
        parts.append(
            f"<details {'open' if it is iterations[-1] else ''}><summary>{_e(step_title(view, it, result))}</summary>"
        )
        if not previous:
            same = it.draft == final and it is iterations[-1] and turn is view.turns[-1]
            parts.append(
                "<h4>Draft</h4><p class='meta'>The final draft, shown above under What came out.</p>"
                if same
                else f"<h4>Draft</h4><div class='text'>{_e(it.draft)}</div>"
            )
        elif it.draft == previous:
            parts.append("<h4>Draft</h4><p class='meta'>The same text as the draft before.</p>")
        else:
            parts.append(
                f"<h4>Draft: what changed from the draft before</h4>{inline_html(word_diff(previous, it.draft))}"
            )
        for path, content in it.files.items():
            parts.append(f"<h4>File {_e(path)}</h4><pre>{_e(content)}</pre>")
        if it.evaluation:
            parts.append(
                "<ul>"
                + "".join(_criterion_item(c, by_cell.get((it.turn, it.iteration, c["name"]))) for c in it.criteria)
                + "</ul>"
            )
        if it.feedback:
            heading = feedback_title(view, it.turn, it.iteration)
            parts.append(f"<h4>{_e(heading)}</h4><div class='text'>{_e(it.feedback)}</div>")
        parts.append("</details>")
        previous = it.draft
    return parts


def render_report(view: RunView, *, title: str = "Rubric Studio run", reviews: list[dict] | None = None) -> str:
    """The whole report as one HTML document; `reviews` (newest per cell) shows human verdicts beside the grader's.

    Read from the top: the status and what the run came to (once); what was asked beside what came out (the final
    draft, once); then how it got there, turn by turn: the heatmap and each iteration as a step."""
    by_cell = _reviews_by_cell(reviews)
    status = view.status
    color = STATUS_COLORS.get(status, "#57606a")
    many = len(view.turns) > 1
    final = view.final_output or (view.all_iterations()[-1].draft if view.all_iterations() else "")
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        "<meta name='viewport' content='width=device-width, initial-scale=1'>",
        f"<meta http-equiv='Content-Security-Policy' content=\"{HEATMAP_CSP}\">",
        f"<title>{_e(title)}</title>{_CSS}{HEATMAP_CSS}{DIFF_CSS}</head><body>",
        f"<h1>{_e(title)}</h1>",
        f"<p><span class='status' style='background:{color}'>{_e(STATUS_LABELS.get(status, status))}</span></p>",
        f"<p class='verdict'>{_e(verdict_sentence(view))}</p>",
        *([f"<p class='offline'>{_e(view.offline_note())}</p>"] if view.offline_note() else []),
        *([f"<p class='offline'><b>Not judged (n/a):</b> {_e(view.na_note())}</p>"] if view.na_note() else []),
    ]
    if view.explanation():
        parts.append(f"<p><b>The grader's last word:</b> {_e(view.explanation())}</p>")
    if view.error:
        parts.append(f"<p><b>Error:</b> {_e(view.error)}</p>")
    came_out = f"<h2>What came out</h2><div class='text'>{_e(final or '(no draft)')}</div>" + "".join(
        f"<h3>{_e(path)}</h3><pre>{_e(content)}</pre>" for path, content in view.final_files.items()
    )
    stories = turn_stories(view)
    if many or not stories:
        # Each turn's ask and rubric are in its own section below: the top holds what came out of the last.
        task = "" if stories else f"<h2>Task</h2><div class='text'>{_e(view.config.get('task', ''))}</div>"
        parts.append(f"{task}{came_out}")
    else:
        story = stories[0]
        parts.append(
            f"<div class='asked'><div><h2>Task</h2><div class='text'>{_e(story.message)}</div>"
            f"<h3>Rubric, as the final draft met it</h3>{_final_rubric(story.turn, by_cell)}</div>"
            f"<div>{came_out}</div></div>"
        )
    for story in stories:
        parts.append(f"<section class='turn' data-turn='{story.number}'>")
        if many:
            asked = "Task" if story.kind == "Task" else "Follow-up message"
            parts.append(f"<h2>Turn {story.number} · {_e(story.kind)}</h2>")
            parts.append(
                f"<div class='asked'><div><h3>{asked}</h3><div class='text'>{_e(story.message)}</div></div>"
                f"<div><h3>Rubric of turn {story.number}</h3>{_final_rubric(story.turn, by_cell)}</div></div>"
            )
            parts.append(f"<p class='turn-verdict'>{_e(story.sentence)}</p>")
        else:
            parts.append("<h2>How it got there</h2>")
        parts.append(f"<h3>Criteria by draft</h3>{heatmap_table(view, view.turns.index(story.turn), reviews)}")
        parts.append("<h3>Drafts, verdicts and feedback</h3>")
        parts.extend(_steps(view, story.turn, by_cell, final=final))
        parts.append("</section>")
    parts.append(
        "<details class='meta' data-details><summary>Details</summary><p>"
        f"Run {_e(view.run_id)}<br>Working model {_e(view.models.get('model', view.config.get('model', '')))}"
        f"<br>Grader {_e(view.models.get('grader', view.config.get('grader', '')))}<br>Done by {_e(view.agent_label)}"
        f"<br>{_e(view.facts())}<br>Generated {datetime.now(UTC).strftime('%Y-%m-%d %H:%M UTC')}</p></details>"
    )
    parts.append(f"{GRID_KEYS_SCRIPT}</body></html>")
    return redact("".join(parts))  # and what was drawn without _e (the diff's pieces): no secret in the file
