"""Following a live run on the terminal: print its events, Ctrl-C cancels cleanly, SIGTERM stops, the resume hint."""

from __future__ import annotations

import signal
import sys
import threading
from typing import Any

from rubric_core.cli.common import (
    EXIT_BAD_INPUT,
    EXIT_INTERRUPTED,
    EXIT_OTHER,
    EXIT_PAUSED,
    EXIT_SATISFIED,
    EXIT_TERMINATED,
)
from rubric_core.verdicts import check_of, check_text, tool_errors, verdict_of
from rubric_core.words import counted


def _print_event_table(event: Any, out: Any) -> None:
    d = event.data
    if event.type == "run_started":
        print(f"run {event.run_id}  model {d['models']['model']}  grader {d['models']['grader']}", file=out)
        if d.get("agent"):
            agent = d["agent"]
            print(f"agent {agent['name']} ({agent['factory']}) from {agent['project_file']}", file=out)
        for note in d.get("notes") or []:
            print(f"note: {note}", file=out)
    elif event.type == "tool_call":
        for call in d.get("calls") or []:
            print(f"    tool {call['name']}({_short_args(call.get('args'))})", file=out)
    elif event.type == "tool_result":
        first = (str(d.get("content", "")).strip().splitlines() or [""])[0]
        print(f"      -> {first[:100]}", file=out)
    elif event.type == "draft":
        first = (d["text"].strip().splitlines() or [""])[0]
        whose = " (the parent run's)" if d.get("inherited") else " (the same draft)" if "regrade_of" in d else ""
        print(f"\n[iteration {d['iteration'] + 1}] draft{whose}: {first[:100]}", file=out)  # from 1, as the UI counts
        for path in d.get("files") or {}:
            print(f"    file {path}", file=out)
    elif event.type == "evaluation":
        print(
            f"[iteration {d['iteration'] + 1}] {d['result']} ({d['wall_time_s']:.2f} s): {d['explanation']}", file=out
        )
        for c in d["criteria"]:
            verdict = verdict_of(c)
            mark = {"pass": "PASS", "fail": "FAIL"}.get(verdict, "N/A ")
            gap = f"  -- {c.get('gap', '')}" if verdict != "pass" else ""
            check = check_of(c)
            # Short, but a grader tool that raised or timed out is always named (as `show` and the page name it).
            said = check_text(check, with_tools=False, brief=True) + tool_errors(check)
            print(f"    {mark}  {c['name']}  [{said}]{gap}", file=out)
    elif event.type == "finished":
        print(
            f"\nstatus: {d['status']} after {counted(d['iterations'], 'iteration')}, "
            f"{d['tokens'].get('total_tokens', 0)} tokens, {d['wall_time_s']:.2f} s",
            file=out,
        )
    elif event.type == "error" and not d.get("field"):
        # An error about a field (bad input, exit 2) is said once, on stderr, by follow_run.
        print(f"error: {d['message']}", file=out)
        if d.get("detail"):  # the user's own code failed: their traceback, once
            print(d["detail"], file=out)
    elif event.type == "cancelled":
        print("cancelled", file=out)
    elif event.type == "paused":
        _print_pause(event, out)
    elif event.type == "steered":
        _print_steered(d, out)
    elif event.type == "interrupted":
        print(f"interrupted: {d.get('message', '')}", file=out)


def _print_pause(event: Any, out: Any) -> None:
    d = event.data
    number = int(d.get("iteration", 0)) + 1
    go = f"rubric-studio run continue {event.run_id}"
    if d.get("pause") == "before_grading":
        print(f"\npaused before grading iteration {number} (read the draft above).", file=out)
        print(f"  grade it:          {go}", file=out)
        print(f"  grade another text: {go} --draft-file F   (or a new rubric: --rubric-file F)", file=out)
    else:
        result = str(d.get("result", ""))
        print(f"\npaused after grading iteration {number} ({result}), before the agent hears of it.", file=out)
        if d.get("feedback"):
            first = (str(d["feedback"]).strip().splitlines() or [""])[0]
            print(f"  the agent would get: {first[:100]}", file=out)
        if result == "needs_revision":
            print(f"  go on:             {go}", file=out)
            print(f'  override:          {go} --override "CRITERION=pass"   (pass, fail or n/a)', file=out)
            print(f"  edit the feedback: {go} --feedback-file F", file=out)
        else:
            print(f"  end the run here:  {go}   (the loop ends: {result})", file=out)
            print(f'  make it revise:    {go} --override "CRITERION=fail"   (pass, fail or n/a)', file=out)
        print(f"  grade it again:    {go} --rubric-file F   (under a new rubric)", file=out)
    print(f"  stop:              {go} --stop", file=out)


def _print_steered(d: dict[str, Any], out: Any) -> None:
    if d.get("inherited"):
        return
    parts = [f"{o['criterion']} = {o['verdict']}" for o in d.get("overrides") or []]
    parts += [f"{what} edited" for what in ("feedback", "rubric", "draft") if d.get(what)]
    said = "; ".join(parts) if parts else "no change"
    print(
        f"{d.get('action', 'continue')} at iteration {int(d.get('iteration', 0)) + 1} by {d.get('reviewer', '')}: {said}",
        file=out,
    )


def _short_args(args: Any) -> str:
    """A tool call's arguments on one short line (the table shows that a tool ran, not its whole input)."""
    if not isinstance(args, dict):
        return ""
    parts = []
    for key, value in args.items():
        text = " ".join(str(value).split())
        parts.append(f"{key}={text[:40]}{'…' if len(text) > 40 else ''}")
    return ", ".join(parts)[:120]


def event_printer(*, jsonl: bool) -> Any:
    """A subscriber printing each event as a JSON line or as the table."""
    if jsonl:

        def subscriber(event: Any) -> None:
            sys.stdout.write(event.to_json() + "\n")
            sys.stdout.flush()

        return subscriber

    def table(event: Any) -> None:
        _print_event_table(event, sys.stdout)
        sys.stdout.flush()

    return table


class _Terminated(Exception):
    """SIGTERM arrived while the command line was following a run."""


def _on_sigterm(signum: int, frame: Any) -> None:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # once: a second SIGTERM must not raise inside the hint
    raise _Terminated


def _wait(handle: Any) -> None:
    while not handle.wait(0.2):  # short waits: a signal is handled between them on every platform
        pass


PROCESS_ENDS_AFTER_RUN = False
"""Set by `python -m rubric_core`: once a followed run is stopped the process ends, so Ctrl-C stays ignored."""


def _ignore_sigint_while_stopping(previous: Any) -> None:
    """After a stop: SIGINT ignored when the process ends next, else the caller's handler back.

    SIG_IGN rather than a Python handler: Python puts SIG_DFL back for its own handlers while the
    interpreter finalizes, and a Ctrl-C landing then (during the exit hook that records the run) ended the
    CLI by SIGINT (-2) instead of with 130. An in-process caller (a test, a notebook) gets its handler back.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN if PROCESS_ENDS_AFTER_RUN else previous)


def follow_run(handle: Any, *, resumable: bool) -> int:
    """Wait for a run in its worker thread; Ctrl-C cancels it cleanly (as Cancel in the UI) and says how to resume.

    A second Ctrl-C, or SIGTERM, stops at once: the engine's exit hook records the run as
    interrupted and its checkpoint keeps every finished step, so `resume` finishes it. Once the CLI is
    stopping no signal raises anywhere: a press only cuts the wait short, so it cannot land half way
    through the cancel or the hint.
    """
    previous_term = signal.signal(signal.SIGTERM, _on_sigterm)
    previous_int = signal.getsignal(signal.SIGINT)
    again = threading.Event()

    def on_stopping(signum: int, frame: Any) -> None:
        _stopping_because(signum)
        again.set()

    stopped = False
    try:
        try:
            _wait(handle)
        except KeyboardInterrupt:
            stopped = True
            signal.signal(signal.SIGINT, on_stopping)
            signal.signal(signal.SIGTERM, on_stopping)
            print("\nCancelling after the step in flight... (Ctrl-C again to stop at once)", file=sys.stderr)
            handle.cancel()
            while not again.is_set() and not handle.wait(0.2):
                pass
            _print_resume_hint(handle, resumable)
            return EXIT_INTERRUPTED
        except _Terminated:
            stopped = True
            _stopping_because(signal.SIGTERM)
            signal.signal(signal.SIGINT, on_stopping)
            _print_resume_hint(handle, resumable)
            return EXIT_TERMINATED
    finally:
        signal.signal(signal.SIGTERM, previous_term)
        if stopped:
            _ignore_sigint_while_stopping(previous_int)
    last = handle.last
    if last is None or last.type == "error":
        if last is not None and last.data.get("field"):
            print(f"error: {last.data['message']}", file=sys.stderr)
            if last.data.get("detail"):  # the user's own code failed: their traceback, once
                print(last.data["detail"], file=sys.stderr)
            return EXIT_BAD_INPUT
        return EXIT_OTHER
    if last.type in ("cancelled", "interrupted"):
        _print_resume_hint(handle, resumable)
        return EXIT_OTHER
    if last.type == "paused":
        return EXIT_PAUSED
    return EXIT_SATISFIED if last.type == "finished" and last.data["status"] == "satisfied" else EXIT_OTHER


def _stopping_because(signum: int) -> None:
    """Tell the exit hooks what stops the process, so the run's stored end says it (not a guess)."""
    from rubric_core.engine.shutdown import set_stop_reason

    set_stop_reason("a second Ctrl-C in the command line" if signum == signal.SIGINT else "SIGTERM to the command line")


def _print_resume_hint(handle: Any, resumable: bool) -> None:
    if resumable:
        print(
            f"Run {handle.run_id} stopped before its end; resume it with: python -m rubric_core resume {handle.run_id}",
            file=sys.stderr,
        )
    else:
        print(
            f"Run {handle.run_id} stopped before its end; it was not stored (--no-store), so it cannot be resumed.",
            file=sys.stderr,
        )
