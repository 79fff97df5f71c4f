"""A process's warm-up: the agent stack loaded, the offline models' data read and one offline agent built, before
the first run asks for them. It stands on stack.py (the imports) and agent.py (the build), which stand under it."""

from __future__ import annotations

from rubric_core.engine.stack import load_agent_stack


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
