"""Imported once by the forkserver so every worker forked from it starts with the agent stack loaded."""

from rubric_core.engine.stack import load_agent_stack

load_agent_stack()
