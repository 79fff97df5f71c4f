import json
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from rubric_core.models.providers import ModelSpecError, check_model_ready, key_status, parse_model_spec


def test_parse_specs() -> None:
    spec = parse_model_spec("offline:writer?latency=0.4")
    assert spec.is_offline and spec.latency == 0.4 and spec.label() == "offline:writer (offline)"
    assert str(parse_model_spec("openrouter:openai/gpt-4o-mini")) == "openrouter:openai/gpt-4o-mini"
    for bad, fragment in [
        ("", "empty"),
        ("nocolon", "provider:model-id"),
        ("x:y", "Unknown provider"),
        ("openai:gpt-4o?latency=1", "only for offline"),
        ("offline:writer?speed=1", "Unknown option"),
    ]:
        with pytest.raises(ModelSpecError, match=fragment):
            parse_model_spec(bad)


def test_missing_key_names_the_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    message = check_model_ready(parse_model_spec("openai:gpt-4o-mini"))
    assert message is not None and "OPENAI_API_KEY" in message
    message = check_model_ready(parse_model_spec("google_genai:gemini-2.5-flash"))
    assert message is not None and "GOOGLE_API_KEY" in message
    assert check_model_ready(parse_model_spec("anthropic:claude-x"), keys={"ANTHROPIC_API_KEY": "k"}) is None
    monkeypatch.setenv("OPENROUTER_API_KEY", "k")
    assert check_model_ready(parse_model_spec("openrouter:a/b")) is None
    status = key_status()
    assert status["openrouter"] and not status["openai"] and status["ollama"]


def test_unreachable_ollama_names_the_url(monkeypatch: pytest.MonkeyPatch) -> None:
    with socket.socket() as closed:
        # Bound but never listening, and held for the whole test: a connection is refused at once, and no
        # other process can start listening on the port in between (as with a port freed before use).
        closed.bind(("127.0.0.1", 0))
        url = f"http://127.0.0.1:{closed.getsockname()[1]}"
        monkeypatch.setenv("OLLAMA_HOST", url)
        message = check_model_ready(parse_model_spec("ollama:llama3.2"))
    assert message is not None and url in message and "ollama serve" in message


def test_ollama_model_not_pulled(monkeypatch: pytest.MonkeyPatch) -> None:
    class Tags(BaseHTTPRequestHandler):
        def log_message(self, *a: object) -> None:
            pass

        def do_GET(self) -> None:
            body = json.dumps({"models": [{"name": "qwen3:latest"}]}).encode()
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Tags)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        monkeypatch.setenv("OLLAMA_HOST", f"127.0.0.1:{server.server_address[1]}")
        assert check_model_ready(parse_model_spec("ollama:qwen3")) is None
        message = check_model_ready(parse_model_spec("ollama:llama3.2"))
        assert message is not None and "ollama pull llama3.2" in message
    finally:
        server.shutdown()
