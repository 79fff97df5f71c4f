"""Import the agent stack (deepagents, langchain, langgraph) once, under a lock.

The stack is imported lazily (about a second), often first from a worker thread. Two threads
importing it for the first time at once can hit Python's import deadlock detection inside
langgraph's circular imports (`_DeadlockError` on `langgraph.prebuilt.tool_node`, seen with a
suite's worker threads). Every lazy first import goes through `load_agent_stack`, which holds one
lock while the whole stack loads; later calls return at once.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable

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


PROVIDER_MODULES: dict[str, tuple[str, ...]] = {
    "openai": ("langchain_openai", "langchain_openai.chat_models.base"),
    "anthropic": ("langchain_anthropic", "langchain_anthropic.chat_models", "langchain_anthropic.middleware"),
    "google_genai": ("langchain_google_genai", "langchain_google_genai.chat_models"),
    "ollama": ("langchain_ollama", "langchain_ollama.chat_models"),
    "openrouter": ("langchain_openrouter",),
}
"""The modules of each provider's LangChain package that a run imports (init_chat_model) or that deepagents reads
from `sys.modules` on every model call (`is_anthropic_chat_model`, `_is_openai_chat_model`)."""
_providers_loaded: set[str] = set()


def providers_of(specs: Iterable[str]) -> set[str]:
    """The providers (with a LangChain package) named by these model specs; offline and unparsable ones left out."""
    out = set()
    for spec in specs:
        provider, sep, _ = str(spec or "").partition(":")
        name = provider.strip().lower()
        if sep and name in PROVIDER_MODULES:
            out.add(name)
    return out


def load_providers(providers: Iterable[str]) -> None:
    """Import these providers' modules once per process, under the stack's lock, before runs that use them start.

    A module being imported is in `sys.modules` before it is complete, and deepagents reads it from there on
    every model call: a matrix's OpenAI cells failed with "partially initialized module
    'langchain_anthropic.chat_models' has no attribute 'ChatAnthropic'" while its Anthropic column's first cell
    was still importing the package. So the suite runner and every backend's `start_job` load what a run (and
    the matrix it belongs to) will use before its thread starts. A package that is not installed is left for the
    run to report.
    """
    wanted = {p for p in providers if p in PROVIDER_MODULES} - _providers_loaded
    if not wanted:
        return
    import importlib

    with _lock:
        for provider in sorted(wanted - _providers_loaded):
            try:
                for module in PROVIDER_MODULES[provider]:
                    importlib.import_module(module)
            except ImportError:
                continue  # the run says which package is missing, as it always did
            _providers_loaded.add(provider)


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
