"""Local stand-ins for the Anthropic, Gemini and Ollama APIs on 127.0.0.1, beside the OpenAI one (openai_stub.py).

The real provider classes (ChatAnthropic, ChatGoogleGenerativeAI, ChatOllama) talk HTTP to them; the answers come
from the product's offline models (writer or grader, as the request asks), so a whole run goes through each
provider's real client. Each stub counts its requests (`requests`, with the task the call was for); `refuse`
makes it answer 401 with an error body that quotes the key it was sent, as a careless provider does.
"""

from __future__ import annotations

import json
import threading
import uuid
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage

from tests.stubs.openai_stub import FEEDBACK_PREFIX, call_of, offline_brain

Brain = Callable[[list[BaseMessage], dict[str, Any]], AIMessage]


def _human(text: str) -> HumanMessage:
    kwargs = {"lc_source": "rubric_grader"} if text.startswith(FEEDBACK_PREFIX) else {}
    return HumanMessage(text, additional_kwargs=kwargs)


def _tools(functions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        {"type": "function", "function": {"name": f.get("name"), "parameters": f.get("parameters") or {}}}
        for f in functions
    ]


class _LoopbackStub:
    """A threaded HTTP server on 127.0.0.1 that answers one provider's API through `answer(path, body)`."""

    def __init__(self, brain: Brain | None = None, *, refuse: bool = False) -> None:
        self.brain = brain or offline_brain
        self.refuse = refuse
        """Answer every model call with 401 and an error body quoting the key the call carried."""
        self.requests: list[dict[str, Any]] = []
        self.calls: list[tuple[str, bool]] = []
        """(the first user message, whether it asked for a verdict) of each model call answered."""
        self.lock = threading.Lock()
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                self._send(*stub.get(self.path))

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
                key = stub.key_of(dict(self.headers), self.path)
                with stub.lock:
                    stub.requests.append({"path": self.path, "body": body, "key": key})
                if stub.refuse:
                    self._send(401, stub.refusal(key))
                    return
                if body.get("stream") and hasattr(stub, "sse"):
                    self._stream(stub.sse(stub.answer(self.path, body)))
                    return
                self._send(200, stub.answer(self.path, body))

            def _stream(self, events: list[tuple[str, Any]]) -> None:
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Connection", "close")
                self.end_headers()
                for name, data in events:
                    self.wfile.write(f"event: {name}\ndata: {json.dumps(data)}\n\n".encode())
                self.wfile.flush()
                self.close_connection = True

            def _send(self, status: int, payload: Any) -> None:
                data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def address(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def get(self, path: str) -> tuple[int, Any]:
        return 404, {"error": "not found"}

    def key_of(self, headers: dict[str, str], path: str) -> str:
        lowered = {k.lower(): v for k, v in headers.items()}
        return lowered.get("x-api-key") or lowered.get("x-goog-api-key") or lowered.get("authorization", "")

    def refusal(self, key: str) -> dict[str, Any]:
        return {"error": {"type": "authentication_error", "message": f"invalid x-api-key: {key} is not a valid key"}}

    def answer(self, path: str, body: dict[str, Any]) -> Any:
        raise NotImplementedError

    def think(self, messages: list[BaseMessage], kwargs: dict[str, Any]) -> AIMessage:
        with self.lock:
            self.calls.append(call_of(messages, kwargs))
        return self.brain(messages, kwargs)

    def __enter__(self) -> _LoopbackStub:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()


class StubAnthropic(_LoopbackStub):
    """The Messages API (`POST /v1/messages`), whole or streamed as server-sent events (the engine streams the working
    model's tokens for the live view); `stub.address` goes to ANTHROPIC_BASE_URL."""

    def sse(self, message: dict[str, Any]) -> list[tuple[str, Any]]:
        """The message as the Messages API streams it: start, each content block, the stop reason, stop."""
        start = {**message, "content": [], "stop_reason": None, "usage": {"input_tokens": 11, "output_tokens": 1}}
        events: list[tuple[str, Any]] = [("message_start", {"type": "message_start", "message": start})]
        for i, block in enumerate(message["content"]):
            if block["type"] == "text":
                first, delta = {"type": "text", "text": ""}, {"type": "text_delta", "text": block["text"]}
            else:
                first = {"type": "tool_use", "id": block["id"], "name": block["name"], "input": {}}
                delta = {"type": "input_json_delta", "partial_json": json.dumps(block["input"])}
            events += [
                ("content_block_start", {"type": "content_block_start", "index": i, "content_block": first}),
                ("content_block_delta", {"type": "content_block_delta", "index": i, "delta": delta}),
                ("content_block_stop", {"type": "content_block_stop", "index": i}),
            ]
        stop = {"stop_reason": message["stop_reason"], "stop_sequence": None}
        events += [
            ("message_delta", {"type": "message_delta", "delta": stop, "usage": {"output_tokens": 7}}),
            ("message_stop", {"type": "message_stop"}),
        ]
        return events

    def answer(self, path: str, body: dict[str, Any]) -> Any:
        messages: list[BaseMessage] = []
        system = body.get("system")
        if system:
            messages.append(
                SystemMessage(system if isinstance(system, str) else "".join(b.get("text", "") for b in system))
            )
        for m in body.get("messages") or []:
            content = m.get("content")
            blocks = [{"type": "text", "text": content}] if isinstance(content, str) else content or []
            if m.get("role") == "assistant":
                text = "".join(b.get("text", "") for b in blocks if b.get("type") == "text")
                calls = [
                    {"name": b["name"], "args": b.get("input") or {}, "id": b["id"]}
                    for b in blocks
                    if b.get("type") == "tool_use"
                ]
                messages.append(AIMessage(text, tool_calls=calls))
                continue
            for b in blocks:
                if b.get("type") == "tool_result":
                    inner = b.get("content")
                    text = inner if isinstance(inner, str) else "".join(x.get("text", "") for x in inner or [])
                    messages.append(ToolMessage(text, tool_call_id=b["tool_use_id"]))
                elif b.get("type") == "text":
                    messages.append(_human(b["text"]))
        kwargs: dict[str, Any] = {}
        if body.get("tools"):
            kwargs["tools"] = _tools(
                [{"name": t.get("name"), "parameters": t.get("input_schema")} for t in body["tools"]]
            )
        if (body.get("output_config") or {}).get("format") or body.get("output_format"):
            kwargs["response_format"] = {"type": "json_schema"}
        reply = self.think(messages, kwargs)
        content: list[dict[str, Any]] = []
        if reply.content:
            content.append({"type": "text", "text": str(reply.content)})
        for call in reply.tool_calls:
            content.append(
                {
                    "type": "tool_use",
                    "id": call["id"] or f"toolu_{uuid.uuid4().hex[:8]}",
                    "name": call["name"],
                    "input": call["args"],
                }
            )
        return {
            "id": f"msg_{uuid.uuid4().hex[:8]}",
            "type": "message",
            "role": "assistant",
            "model": body.get("model"),
            "content": content,
            "stop_reason": "tool_use" if reply.tool_calls else "end_turn",
            "stop_sequence": None,
            "usage": {"input_tokens": 11, "output_tokens": 7},
        }


class StubGemini(_LoopbackStub):
    """`POST /v1beta/models/{model}:generateContent`; `stub.address` goes to GOOGLE_GEMINI_BASE_URL."""

    def refusal(self, key: str) -> dict[str, Any]:
        return {"error": {"code": 401, "status": "UNAUTHENTICATED", "message": f"API key not valid: {key}"}}

    def answer(self, path: str, body: dict[str, Any]) -> Any:
        messages: list[BaseMessage] = []
        system = (body.get("systemInstruction") or body.get("system_instruction") or {}).get("parts") or []
        if system:
            messages.append(SystemMessage("".join(p.get("text", "") for p in system)))
        names: dict[str, str] = {}
        for c in body.get("contents") or []:
            parts = c.get("parts") or []
            if c.get("role") == "model":
                text = "".join(p.get("text", "") for p in parts if "text" in p)
                calls = []
                for p in parts:
                    call = p.get("functionCall") or p.get("function_call")
                    if call:
                        call_id = call.get("id") or f"call_{len(names)}"
                        names[call["name"] + str(len(names))] = call_id
                        calls.append({"name": call["name"], "args": call.get("args") or {}, "id": call_id})
                messages.append(AIMessage(text, tool_calls=calls))
                continue
            for p in parts:
                answered = p.get("functionResponse") or p.get("function_response")
                if answered:
                    last = next((m for m in reversed(messages) if isinstance(m, AIMessage) and m.tool_calls), None)
                    call_id = answered.get("id") or next(
                        (t["id"] for t in (last.tool_calls if last else []) if t["name"] == answered.get("name")), ""
                    )
                    response = answered.get("response") or {}
                    text = response.get("output", response) if isinstance(response, dict) else response
                    messages.append(
                        ToolMessage(text if isinstance(text, str) else json.dumps(text), tool_call_id=call_id)
                    )
                elif "text" in p:
                    messages.append(_human(p["text"]))
        kwargs: dict[str, Any] = {}
        functions = [
            f
            for t in body.get("tools") or []
            for f in t.get("functionDeclarations") or t.get("function_declarations") or []
        ]
        if functions:
            kwargs["tools"] = _tools(
                [
                    {"name": f.get("name"), "parameters": f.get("parameters") or f.get("parametersJsonSchema")}
                    for f in functions
                ]
            )
        config = body.get("generationConfig") or body.get("generation_config") or {}
        if (
            config.get("responseMimeType") == "application/json"
            or config.get("response_mime_type") == "application/json"
        ):
            kwargs["response_format"] = {"type": "json_schema"}
        reply = self.think(messages, kwargs)
        parts_out: list[dict[str, Any]] = []
        if reply.content:
            parts_out.append({"text": str(reply.content)})
        for call in reply.tool_calls:
            parts_out.append({"functionCall": {"name": call["name"], "args": call["args"]}})
        return {
            "candidates": [{"content": {"role": "model", "parts": parts_out}, "finishReason": "STOP", "index": 0}],
            "usageMetadata": {"promptTokenCount": 11, "candidatesTokenCount": 7, "totalTokenCount": 18},
            "modelVersion": "stub",
        }


class StubOllama(_LoopbackStub):
    """`POST /api/chat` (one NDJSON line) and `GET /api/tags`; `stub.address` goes to OLLAMA_HOST."""

    def __init__(self, brain: Brain | None = None, *, refuse: bool = False, models: tuple[str, ...] = ("llama3.2",)):
        super().__init__(brain, refuse=refuse)
        self.models = models

    def get(self, path: str) -> tuple[int, Any]:
        if path.startswith("/api/tags"):
            return 200, {"models": [{"name": f"{m}:latest", "model": f"{m}:latest"} for m in self.models]}
        return 404, {"error": "not found"}

    def refusal(self, key: str) -> dict[str, Any]:
        return {"error": f"unauthorized: {key}"}

    def answer(self, path: str, body: dict[str, Any]) -> Any:
        messages: list[BaseMessage] = []
        pending: list[str] = []
        for m in body.get("messages") or []:
            role, text = m.get("role"), m.get("content") or ""
            if role == "system":
                messages.append(SystemMessage(text))
            elif role == "user":
                messages.append(_human(text))
            elif role == "assistant":
                calls = []
                for i, call in enumerate(m.get("tool_calls") or []):
                    fn = call.get("function") or {}
                    args = fn.get("arguments") or {}
                    call_id = f"call_{len(messages)}_{i}"
                    pending.append(call_id)
                    calls.append(
                        {
                            "name": fn.get("name"),
                            "args": args if isinstance(args, dict) else json.loads(args),
                            "id": call_id,
                        }
                    )
                messages.append(AIMessage(text, tool_calls=calls))
            elif role == "tool":
                messages.append(ToolMessage(text, tool_call_id=pending.pop(0) if pending else "call"))
        kwargs: dict[str, Any] = {}
        if body.get("tools"):
            kwargs["tools"] = _tools([t.get("function") or {} for t in body["tools"]])
        if body.get("format"):
            kwargs["response_format"] = {"type": "json_schema"}
        reply = self.think(messages, kwargs)
        message: dict[str, Any] = {"role": "assistant", "content": str(reply.content or "")}
        if reply.tool_calls:
            message["tool_calls"] = [
                {"function": {"name": c["name"], "arguments": c["args"]}} for c in reply.tool_calls
            ]
        line = {
            "model": body.get("model"),
            "created_at": "2026-01-01T00:00:00Z",
            "message": message,
            "done": True,
            "done_reason": "stop",
            "prompt_eval_count": 11,
            "eval_count": 7,
        }
        return (json.dumps(line) + "\n").encode()
