"""Model specs (`provider:model-id`), credential checks and model construction.

Provider models resolve the way deepagents does (`init_chat_model` plus its
provider profiles). `offline:` models are built here. Credentials come from
the environment or from a `keys` mapping the caller passes for one run (the
dashboard's session-only keys); they are never written anywhere.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl

OFFLINE_MODELS = {
    "writer": "Offline writer: scripted drafts for the bundled examples, rule-based revisions otherwise",
    "grader": "Offline grader: deterministic checks, each named beside its verdict; n/a for what no check covers",
}


@dataclass(frozen=True)
class Provider:
    """A LangChain provider the product knows how to check and build."""

    name: str
    label: str
    key_env: tuple[str, ...] = ()
    """Environment variables that can hold the API key (first set wins)."""
    base_url_env: str = ""
    """Environment variable for a custom endpoint, if the provider has one."""
    key_kwarg: str = "api_key"
    base_url_kwarg: str = "base_url"
    timeout_kwarg: str = "timeout"
    example: str = ""


PROVIDERS: dict[str, Provider] = {
    p.name: p
    for p in (
        Provider("openai", "OpenAI", ("OPENAI_API_KEY",), "OPENAI_BASE_URL", example="openai:gpt-4o-mini"),
        Provider(
            "anthropic",
            "Anthropic",
            ("ANTHROPIC_API_KEY",),
            "ANTHROPIC_BASE_URL",
            timeout_kwarg="default_request_timeout",
            example="anthropic:claude-haiku-4-5",
        ),
        Provider(
            "google_genai",
            "Google Gemini",
            ("GOOGLE_API_KEY", "GEMINI_API_KEY"),
            "GOOGLE_GEMINI_BASE_URL",
            key_kwarg="google_api_key",
            example="google_genai:gemini-2.5-flash",
        ),
        Provider(
            "openrouter",
            "OpenRouter",
            ("OPENROUTER_API_KEY",),
            "OPENROUTER_BASE_URL",
            key_kwarg="openrouter_api_key",
            base_url_kwarg="openrouter_api_base",
            example="openrouter:openai/gpt-4o-mini",
        ),
        Provider("ollama", "Ollama (local server)", (), "OLLAMA_HOST", timeout_kwarg="", example="ollama:llama3.2"),
    )
}
OLLAMA_DEFAULT_URL = "http://localhost:11434"


class ModelSpecError(ValueError):
    """A model spec that cannot be used, with a message that says how to fix it."""


@dataclass(frozen=True)
class ModelSpec:
    """A parsed `provider:model-id[?option=value&...]`."""

    provider: str
    model: str
    options: dict[str, str] = field(default_factory=dict)

    @property
    def is_offline(self) -> bool:
        """Whether this is an embedded offline model (no network, no key)."""
        return self.provider == "offline"

    def __str__(self) -> str:
        return f"{self.provider}:{self.model}"

    def label(self) -> str:
        """Display label; offline models say so."""
        return f"{self} (offline)" if self.is_offline else str(self)

    @property
    def latency(self) -> float:
        """Simulated latency of an offline model, seconds."""
        return float(self.options.get("latency", 0) or 0)

    @property
    def pace(self) -> Any:
        """The offline writer's streaming pace (models/pacing.py `Pace`), or None: it answers at once."""
        from rubric_core.models.pacing import parse_pace

        return parse_pace(self.options["pace"]) if "pace" in self.options else None


def parse_model_spec(spec: str) -> ModelSpec:
    """Parse and validate a model spec; ModelSpecError says what is wrong."""
    raw = (spec or "").strip()
    if not raw:
        msg = "Model is empty: use provider:model-id, for example offline:writer or openai:gpt-4o-mini."
        raise ModelSpecError(msg)
    base, _, query = raw.partition("?")
    provider, sep, model = base.partition(":")
    if not sep or not provider.strip() or not model.strip():
        msg = (
            f"Model {raw!r} is not of the form provider:model-id "
            "(for example offline:writer, openai:gpt-4o-mini, ollama:llama3.2)."
        )
        raise ModelSpecError(msg)
    provider, model = provider.strip().lower(), model.strip()
    if provider != "offline" and provider not in PROVIDERS:
        known = ", ".join(["offline", *PROVIDERS])
        msg = f"Unknown provider {provider!r} in {raw!r}. Known providers: {known}."
        raise ModelSpecError(msg)
    options = dict(parse_qsl(query, keep_blank_values=True))
    if provider == "offline":
        if model not in OFFLINE_MODELS:
            msg = f"Unknown offline model {raw!r}: use offline:writer (working model) or offline:grader (grader)."
            raise ModelSpecError(msg)
        takes = {"latency", "pace"} if model == "writer" else {"latency"}
        unknown = sorted(set(options) - takes)
        if unknown:
            msg = (
                f"Unknown option {unknown[0]!r} in {raw!r}: offline:writer takes ?latency=SECONDS and "
                "?pace=SPEED (pace=40 characters a second, pace=6wps words a second); offline:grader takes only "
                "?latency=SECONDS."
            )
            raise ModelSpecError(msg)
        if "pace" in options:
            from rubric_core.models.pacing import pace_problem

            problem = pace_problem(options["pace"], raw)
            if problem:
                raise ModelSpecError(problem)
        if "latency" in options:
            try:
                latency = float(options["latency"])
            except ValueError:
                latency = -1.0
            if not 0 <= latency <= 60:
                msg = f"Latency in {raw!r} must be a number of seconds from 0 to 60."
                raise ModelSpecError(msg)
    elif options:
        msg = f"Options after '?' are only for offline models; remove {query!r} from {raw!r}."
        raise ModelSpecError(msg)
    return ModelSpec(provider, model, options)


def find_key(provider: Provider, keys: Mapping[str, str] | None = None) -> str | None:
    """The API key for a provider from `keys` (session) or the environment; never logged."""
    for var in provider.key_env:
        value = (keys or {}).get(var) or os.environ.get(var)
        if value:
            return value
    return None


def key_status(keys: Mapping[str, str] | None = None) -> dict[str, bool]:
    """Provider name to whether its key (or, for Ollama, nothing) is configured. Never the key itself."""
    return {name: (not p.key_env) or find_key(p, keys) is not None for name, p in PROVIDERS.items()}


def ollama_url(keys: Mapping[str, str] | None = None) -> str:
    """The Ollama server URL from OLLAMA_HOST, else the default."""
    url = (keys or {}).get("OLLAMA_HOST") or os.environ.get("OLLAMA_HOST") or OLLAMA_DEFAULT_URL
    return url if "://" in url else f"http://{url}"


def check_model_ready(spec: ModelSpec, *, keys: Mapping[str, str] | None = None, timeout: float = 3.0) -> str | None:
    """A clear message if the model cannot be used right now (missing key, unreachable server), else None."""
    if spec.is_offline:
        return None
    provider = PROVIDERS[spec.provider]
    if provider.key_env and find_key(provider, keys) is None:
        names = " or ".join(provider.key_env)
        return (
            f"{provider.label} needs an API key for {spec}: set {names} in the environment or in "
            ".streamlit/secrets.toml, or enter a key for this session."
        )
    if spec.provider == "ollama":
        import httpx

        url = ollama_url(keys)
        try:
            response = httpx.get(f"{url.rstrip('/')}/api/tags", timeout=timeout)
            response.raise_for_status()
        except httpx.HTTPError as exc:
            reason = type(exc).__name__ if not str(exc) else str(exc)
            return (
                f"Cannot reach the Ollama server at {url} ({reason}). Start it with `ollama serve` or set OLLAMA_HOST."
            )
        pulled = {m.get("name", "") for m in response.json().get("models", [])}
        if spec.model not in pulled and f"{spec.model}:latest" not in pulled:
            return f"Model {spec.model!r} is not on the Ollama server at {url}: run `ollama pull {spec.model}`."
    return None


def build_chat_model(
    spec: ModelSpec,
    *,
    keys: Mapping[str, str] | None = None,
    timeout: float | None = None,
    callbacks: list[Any] | None = None,
) -> Any:
    """Build the chat model for a spec."""
    if spec.is_offline:
        from rubric_core.models.offline import OfflineGrader, OfflineWriter

        pace = spec.pace
        if pace is not None:  # only the writer takes a pace (parse_model_spec)
            from rubric_core.models.paced import PacedWriter

            return PacedWriter(latency=spec.latency, pace_rate=pace.rate, pace_unit=pace.unit, callbacks=callbacks)
        cls = OfflineWriter if spec.model == "writer" else OfflineGrader
        return cls(latency=spec.latency, callbacks=callbacks)
    from deepagents.profiles.provider.provider_profiles import apply_provider_profile
    from langchain.chat_models import init_chat_model

    provider = PROVIDERS[spec.provider]
    kwargs: dict[str, Any] = dict(apply_provider_profile(str(spec)))
    key = find_key(provider, keys)
    if key:
        kwargs[provider.key_kwarg] = key
    # No variable, no endpoint: never os.environ.get("") or the like (the shell's `_` held this program's path).
    base_url = (
        ((keys or {}).get(provider.base_url_env) or os.environ.get(provider.base_url_env) or "")
        if provider.base_url_env
        else ""
    )
    if spec.provider == "ollama":
        kwargs["base_url"] = ollama_url(keys)
        if timeout:
            kwargs["client_kwargs"] = {"timeout": timeout}
    elif base_url:
        kwargs[provider.base_url_kwarg] = base_url
    if timeout and provider.timeout_kwarg:
        kwargs[provider.timeout_kwarg] = timeout
    if callbacks:
        kwargs["callbacks"] = callbacks
    return init_chat_model(str(spec), **kwargs)
