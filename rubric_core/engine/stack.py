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
