"""Import the agent stack (deepagents, langchain, langgraph) once, under a lock.

The stack is imported lazily (about a second), often first from a worker thread. Two threads
importing it for the first time at once can hit Python's import deadlock detection inside
langgraph's circular imports (`_DeadlockError` on `langgraph.prebuilt.tool_node`, seen with a
suite's worker threads). Every lazy first import goes through `load_agent_stack`, which holds one
lock while the whole stack loads; later calls return at once.
"""

from __future__ import annotations

import threading

_lock = threading.Lock()
_loaded = False


def load_agent_stack() -> None:
    """Import deepagents and what it builds on, once per process; safe from any thread."""
    global _loaded
    if _loaded:
        return
    with _lock:
        if _loaded:
            return
        import deepagents
        import deepagents.middleware.rubric  # noqa: F401
        import langchain.agents  # noqa: F401
        import langgraph.prebuilt  # noqa: F401

        _loaded = True


_grader_prompt: str | None = None
_PROMPT_LOCK = threading.Lock()


def library_grader_prompt() -> str:
    """RubricMiddleware's own grader system prompt (deepagents' GRADER_SYSTEM_PROMPT), read without the agent stack.

    A suite whose items carry a reference answer needs it in the server to compose each item's grader prompt;
    importing deepagents for one string took seconds on a fresh server, before the suite's first progress was
    drawn. It is a plain string literal in the library's source: read from there, or imported when it is not.
    """
    global _grader_prompt
    with _PROMPT_LOCK:  # the first items of a suite ask at once, each from its own thread
        if _grader_prompt is None:
            _grader_prompt = _prompt_from_source() or _prompt_from_import()
    return _grader_prompt


def _prompt_from_source() -> str | None:
    import ast
    import importlib.util
    from pathlib import Path

    from rubric_core.pyparse import parse

    try:
        spec = importlib.util.find_spec("deepagents")
        if spec is None or spec.origin is None:
            return None
        tree = parse((Path(spec.origin).parent / "middleware" / "rubric.py").read_text(encoding="utf-8"))
    except (OSError, SyntaxError, ValueError, ImportError):
        return None
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "GRADER_SYSTEM_PROMPT" for t in node.targets
        ):
            try:
                value = ast.literal_eval(node.value)
            except ValueError:
                return None
            return value if isinstance(value, str) else None
    return None


def _prompt_from_import() -> str:
    load_agent_stack()
    from deepagents.middleware.rubric import GRADER_SYSTEM_PROMPT

    return str(GRADER_SYSTEM_PROMPT)


def warm_offline_models() -> None:
    """Load what the embedded models read on their first call, and build one offline agent, once.

    A fresh worker's first run spent about 3 s in its first grading pass reading the CMU pronouncing
    dictionary (syllable checks) and most of a second building its first deep agent (deepagents reads
    package metadata and its harness profiles on first use): the first verdict after a server start came
    6 to 14 s after Start, against about 1 s later. The forkserver calls this once, so every worker forked
    from it starts with all of it in memory. It builds a graph but never runs one (running starts threads,
    and a process that forks must have none).
    """
    load_agent_stack()
    from langgraph.checkpoint.memory import InMemorySaver

    from rubric_core.checks.syllables import count_syllables_in_line
    from rubric_core.config import RunConfig
    from rubric_core.engine.agent import build_agent

    count_syllables_in_line("warm the pronouncing dictionary and the hyphenation table: zyxwv")
    config = RunConfig.from_dict({"task": "warm up", "rubric": "- Exactly three lines"})
    build_agent(config, checkpointer=InMemorySaver(), on_evaluation=lambda _ev, _library: None)
