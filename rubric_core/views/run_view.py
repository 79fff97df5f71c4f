"""A run as the dashboard shows it, rebuilt from its events (live or stored).

Plain data only: the UI never touches LangChain objects. The same events give
the live view, the stored view, the presentation replay and the HTML report.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rubric_core.events import RunEvent
from rubric_core.verdicts import check_of, verdict_of
from rubric_core.views.steer_view import SteerState, apply_steer

STATUS_LABELS = {
    "satisfied": "Satisfied",
    "max_iterations_reached": "Max iterations reached",
    "failed": "Failed (rubric not gradable)",
    "grader_error": "Grader error",
    "cancelled": "Cancelled",
    "interrupted": "Interrupted",
    "error": "Error",
    "running": "Running",
    "paused": "Paused",
    "needs_revision": "Needs revision",
}


def shown(iteration: int) -> int:
    """An iteration as people count it (1 = the first draft); stored and exported values stay 0-based."""
    return iteration + 1


STATUS_COLORS = {
    "satisfied": "#1a7f37",
    "needs_revision": "#bf8700",
    "max_iterations_reached": "#9a6700",
    "failed": "#cf222e",
    "grader_error": "#cf222e",
    "cancelled": "#57606a",
    "interrupted": "#9a6700",
    "error": "#cf222e",
    "running": "#0969da",
    "paused": "#8250df",
    "grading": "#8250df",
    "drafting": "#0969da",
}
"""One colour per status, shared by the dashboard and the HTML report."""


@dataclass
class IterationView:
    """One draft and its grading pass."""

    turn: int
    iteration: int
    draft: str = ""
    files: dict[str, str] = field(default_factory=dict)
    drafted: bool = False
    grading: bool = False
    evaluation: dict[str, Any] | None = None
    feedback: str = ""
    notice: str = ""  # what the writer said of this draft (the offline writer: what it could not do), shown beside it

    @property
    def result(self) -> str | None:
        """The pass's verdict, once graded."""
        return self.evaluation["result"] if self.evaluation else None

    @property
    def criteria(self) -> list[dict[str, Any]]:
        """The pass's per-criterion verdicts."""
        return list(self.evaluation["criteria"]) if self.evaluation else []


@dataclass
class TranscriptItem:
    """One message of the conversation."""

    role: str
    """user, assistant, grader, tool_call or tool."""
    text: str
    turn: int
    iteration: int
    name: str = ""


@dataclass
class TurnView:
    """A user message and the grading run it started."""

    turn: int
    message: str
    rubric: str
    iterations: list[IterationView] = field(default_factory=list)
    status: str | None = None


@dataclass
class RunView:
    """Everything the dashboard shows about a run."""

    run_id: str
    config: dict[str, Any] = field(default_factory=dict)
    models: dict[str, str] = field(default_factory=dict)
    turns: list[TurnView] = field(default_factory=list)
    transcript: list[TranscriptItem] = field(default_factory=list)
    status: str = "running"
    error: str = ""
    final_output: str = ""
    final_files: dict[str, str] = field(default_factory=dict)
    tokens: int = 0
    wall_time_s: float = 0.0
    last_seq: int = -1
    ended: bool = False
    cancel_requested: bool = False
    """Cancel was asked for and the step in flight is finishing (show "Cancelling…")."""
    agent: dict[str, str] = field(default_factory=dict)
    """The project agent that did the work (name, factory, project, project_file, digest); empty: the built-in one."""
    error_detail: str = ""
    """With an error from the user's own code: their traceback (shown once, apart from the message)."""
    notes: list[str] = field(default_factory=list)
    """What the run's start said beside its settings (a link its files' walk did not follow)."""
    steer: SteerState = field(default_factory=SteerState)
    """Its step mode, the pause it waits at, the decisions taken at pauses, the fork it is (steer_view.py)."""

    @property
    def agent_label(self) -> str:
        """Who did the work, in words: "agent fixer (fixer.agent:make_agent)" or "the built-in deep agent"."""
        return agent_label(self.agent)

    @property
    def max_iterations(self) -> int:
        """The iteration cap of the run."""
        return int(self.config.get("max_iterations", 3) or 3)

    @property
    def current(self) -> TurnView | None:
        """The latest turn."""
        return self.turns[-1] if self.turns else None

    @property
    def phase(self) -> str:
        """done, grading, or drafting."""
        if self.ended:
            return "done"
        turn = self.current
        if turn and turn.iterations and turn.iterations[-1].grading and turn.iterations[-1].evaluation is None:
            return "grading"
        return "drafting"

    @property
    def calling(self) -> str:
        """While the agent drafts: the tool it called last in this draft (its own, a subagent, a file write), or ""."""
        if self.phase != "drafting" or not self.transcript:
            return ""
        last = self.transcript[-1]
        return last.name if last.role in ("tool_call", "tool") else ""

    def all_iterations(self) -> list[IterationView]:
        """Every iteration of every turn, in order."""
        return [it for t in self.turns for it in t.iterations]

    def criteria_rows(self) -> list[dict[str, Any]]:
        """Every graded criterion as a store row: live and stored runs draw from the same frame."""
        return criteria_rows(self.run_id, self.all_iterations())

    def drafts(self) -> dict[tuple[int, int], str]:
        """(turn, iteration) to the draft text."""
        return {(it.turn, it.iteration): it.draft for it in self.all_iterations() if it.drafted}

    def facts(self, *, seconds: bool = True) -> str:
        """What the run cost over every turn: "2 turns · 5 iterations · 4,210 tokens · 12.3 s".

        Iterations are the graded ones, as the Runs table and the store count them; a run that ended with a
        draft the grader never saw (a cancel while drafting) says so after ("· 1 draft not graded"): its header
        had said 15 iterations where the Runs table said 14.
        """
        from rubric_core.words import counted, run_facts

        its = self.all_iterations()
        graded = sum(1 for it in its if it.evaluation)
        facts = run_facts(graded, self.tokens, self.wall_time_s if seconds else None, turns=len(self.turns))
        if self.ended and len(its) > graded:
            facts += f" · {counted(len(its) - graded, 'draft')} not graded"
        return facts

    def revised_for_na(self) -> list[IterationView]:
        """Grading passes that asked for a revision although no criterion failed, only n/a ones: the library
        reads n/a as failed (its grader prompt asks that an unconfirmed criterion fail), so the run went on
        revising, maybe to its cap, for criteria its grader could not judge. A fork's own passes only."""
        fork = self.steer.fork  # a fork's passes before its fork point are its parent's, under the parent's rubric
        point = (int(fork.get("turn", 0)), int(fork.get("iteration", 0)) + (fork.get("kind") == "feedback"))
        return [
            it
            for it in self.all_iterations()
            if (not fork or (it.turn, it.iteration) >= point)
            and it.result in ("needs_revision", "max_iterations_reached")
            and any(verdict_of(c) == "n/a" for c in it.criteria)
            and not any(verdict_of(c) == "fail" for c in it.criteria)
        ]

    def na_note(self) -> str:
        """'' or what the header says when the run went on revising only because of n/a criteria."""
        passes = self.revised_for_na()
        if not passes:
            return ""
        names = sorted({c["name"] for it in passes for c in it.criteria if verdict_of(c) == "n/a"})
        capped = any(it.result == "max_iterations_reached" for it in passes)
        listed = "; ".join(names[:4]) + (" …" if len(names) > 4 else "")
        which = "That pass" if len(passes) == 1 else f"{len(passes)} passes"
        return (
            f"{'It hit its cap' if capped else 'It went on revising'} only because of "
            f"{len(names)} criteri{'on' if len(names) == 1 else 'a'} its grader could not judge (n/a): {listed}. "
            f"{which} had no failing criterion. Rephrase them as checks the grader can run, or use an LLM grader."
        )

    @property
    def offline(self) -> dict[str, bool]:
        """Which of the two models are the embedded offline ones: {'writer': bool, 'grader': bool}."""
        model = str(self.models.get("model") or self.config.get("model") or "")
        grader = str(self.models.get("grader") or self.config.get("grader") or "")
        return {"writer": model.startswith("offline:"), "grader": grader.startswith("offline:")}

    def offline_note(self) -> str:
        """For an audience: what an offline run's drafts and verdicts are, in plain words ('' for other runs)."""
        which = self.offline
        parts = []
        if which["writer"]:
            parts.append(
                "the drafts were written by the embedded offline writer (templates and word banks, no AI model)"
            )
        if which["grader"]:
            parts.append(
                "the verdicts came from deterministic checks (counts, word and pattern matches, code runs), "
                "each named beside its verdict; a criterion no check covers is n/a, not a pass or a fail"
            )
        if not parts:
            return ""
        text = "; ".join(parts)
        return text[0].upper() + text[1:] + "."

    def explanation(self) -> str:
        """The last grader explanation."""
        graded = [it for it in self.all_iterations() if it.evaluation]
        return graded[-1].evaluation["explanation"] if graded else ""  # type: ignore[index]

    @classmethod
    def from_events(cls, run_id: str, events: list[RunEvent], *, stored_status: str | None = None) -> RunView:
        """Fold events into a view; `stored_status` (e.g. interrupted) overrides a non-terminal end."""
        view = cls(run_id=run_id)
        view.apply(events)
        if stored_status == "interrupted" and not view.ended:
            view.status = "interrupted"
        return view

    def apply(self, events: list[RunEvent]) -> None:
        """Fold further events (in order; already applied ones are skipped)."""
        for ev in events:
            if ev.seq <= self.last_seq:
                continue
            self.last_seq = ev.seq
            self._apply(ev)

    def _iteration(self, data: dict[str, Any]) -> IterationView:
        turn_no = int(data.get("turn", 0))
        turn = self._turn(turn_no)
        iteration = int(data.get("iteration", 0))
        for it in turn.iterations:
            if it.iteration == iteration:
                return it
        it = IterationView(turn=turn_no, iteration=iteration)
        turn.iterations.append(it)
        turn.iterations.sort(key=lambda x: x.iteration)
        return it

    def _turn(self, turn_no: int) -> TurnView:
        for t in self.turns:
            if t.turn == turn_no:
                return t
        rubric = self.turns[-1].rubric if self.turns else self.config.get("rubric", "")
        t = TurnView(turn=turn_no, message="", rubric=rubric)
        self.turns.append(t)
        return t

    def _apply(self, ev: RunEvent) -> None:
        d = ev.data
        if ev.type == "run_started":
            self.config = d.get("config") or self.config
            self.models = d.get("models") or self.models
            self.agent = d.get("agent") or ({} if d.get("mode") == "start" else self.agent)
            self.notes = [str(n) for n in d.get("notes") or []] or ([] if d.get("mode") == "start" else self.notes)
            self.ended, self.status, self.error, self.error_detail = False, "running", "", ""
            self.cancel_requested = False
            apply_steer(self, ev)
            turn_no = 0 if d.get("mode") == "fork" else int(d.get("turn", 0))  # a fork's story starts at the task
            if d.get("mode") in ("resume", "continue"):
                return
            turn = self._turn(turn_no)
            turn.message = d.get("message") or self.config.get("task", "") if turn_no else self.config.get("task", "")
            turn.rubric = d.get("rubric") or turn.rubric or self.config.get("rubric", "")
            self.transcript.append(TranscriptItem("user", turn.message, turn_no, 0))
        elif ev.type == "draft":
            it = self._iteration(d)
            it.draft, it.files, it.drafted = d.get("text", ""), dict(d.get("files") or {}), True
            it.notice = str(d.get("notice") or "")
            self.transcript.append(TranscriptItem("assistant", it.draft, it.turn, it.iteration))
            self.tokens += int((d.get("tokens") or {}).get("total_tokens", 0) or 0)
        elif ev.type == "tool_call":
            # The working model's tool-calling turns cost tokens too (the store counts them in the run's total).
            self.tokens += int((d.get("tokens") or {}).get("total_tokens", 0) or 0)
            for call in d.get("calls", []):
                self.transcript.append(
                    TranscriptItem(
                        "tool_call",
                        _args_text(call.get("args")),
                        int(d.get("turn", 0)),
                        int(d.get("iteration", 0)),
                        name=call.get("name", ""),
                    )
                )
        elif ev.type == "tool_result":
            self.transcript.append(
                TranscriptItem(
                    "tool",
                    d.get("content", ""),
                    int(d.get("turn", 0)),
                    int(d.get("iteration", 0)),
                    name=d.get("name", ""),
                )
            )
        elif ev.type == "grading_started":
            self._iteration(d).grading = True
        elif ev.type == "evaluation":
            it = self._iteration(d)
            it.grading, it.evaluation = True, d
            self.tokens += int((d.get("tokens") or {}).get("total_tokens", 0) or 0)
        elif ev.type == "feedback":
            it = self._iteration(d)
            it.feedback = d.get("text", "")
            self.transcript.append(TranscriptItem("grader", it.feedback, it.turn, it.iteration))
        elif ev.type == "finished":
            self.ended, self.status = True, d.get("status", "failed")
            self.final_output, self.final_files = d.get("final_output", ""), dict(d.get("files") or {})
            self.wall_time_s = float(d.get("wall_time_s", 0) or 0)  # the run's total over every part and turn
            self.tokens = int((d.get("tokens") or {}).get("total_tokens") or self.tokens)  # a fork's: its own, stored
            self._turn(int(d.get("turn", 0))).status = self.status
        elif ev.type == "cancel_requested":
            self.cancel_requested = True
        elif ev.type == "cancelled":
            self.ended, self.status = True, "cancelled"
            self.tokens = int((d.get("tokens") or {}).get("total_tokens") or self.tokens)
            self.wall_time_s = float(d.get("wall_time_s", 0) or 0)
        elif ev.type == "interrupted":
            self.ended, self.status, self.error = True, "interrupted", d.get("message", "")
            # Model calls of a step cut short were paid for (the store counts them in the run's total too).
            self.tokens += int((d.get("unrecorded_tokens") or {}).get("total_tokens", 0) or 0)
            self.wall_time_s = float(d.get("wall_time_s", 0) or 0)
        elif ev.type == "error":
            self.ended, self.status, self.error = True, "error", d.get("message", "")
            self.error_detail = d.get("detail", "")
        elif ev.type in ("paused", "steered"):
            apply_steer(self, ev)


def agent_label(agent: dict[str, Any] | None) -> str:
    """Who did a run's work, in words (for headers, compare and reports)."""
    if not agent or not agent.get("name"):
        return "the built-in deep agent"
    digest = str(agent.get("digest", ""))[:12]
    return f"agent {agent['name']} ({agent.get('factory', '')}, project file {digest})"


def _args_text(args: Any) -> str:
    import json

    if not isinstance(args, dict):
        return str(args)
    return "\n".join(f"{k}: {json.dumps(v) if isinstance(v, (dict, list)) else v}" for k, v in args.items())


def criteria_rows(run_id: str, iterations: list[IterationView]) -> list[dict[str, Any]]:
    """Graded criteria as store rows (run_id, turn, iteration, position, name, passed, gap, verdict, check), the
    input of `frames.criteria_frame_from_rows`."""
    return [
        {
            "run_id": run_id,
            "turn": it.turn,
            "iteration": it.iteration,
            "position": n,
            "name": c["name"],
            "passed": bool(c["passed"]),
            "gap": c.get("gap", "") or "",
            "verdict": verdict_of(c),
            "check": check_of(c),
        }
        for it in iterations
        for n, c in enumerate(it.criteria)
    ]
