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
    build_agent(config, checkpointer=InMemorySaver(), on_evaluation=lambda _ev: None)
