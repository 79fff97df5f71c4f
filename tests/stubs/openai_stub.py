"""A local stand-in for the OpenAI Responses API on 127.0.0.1, for provider code paths.

The real `ChatOpenAI` class talks HTTP to it. Its answers come from a
`brain(messages, kwargs)` callable; by default the product's offline models,
so a whole run can be driven through the real provider class.

A request with `"stream": true` (what ChatOpenAI sends while the engine streams LangGraph's `messages`
mode) is answered over SSE as the API does: the text word by word (`response.output_text.delta`), each
tool call's arguments in pieces (`response.function_call_arguments.delta`), then `response.completed`.
`hold(piece)` is called before each piece is sent (a test blocks there on an event it releases), and
`sent` keeps each piece with the time it left (the bench's stamp).
"""

from __future__ import annotations

import json
import re
import threading
import time
import uuid
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage

FEEDBACK_PREFIX = "A grader reviewed your work"


def _content_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    return "".join(part.get("text", "") for part in content if isinstance(part, dict))


def to_messages(items: list[dict[str, Any]]) -> list[BaseMessage]:
    """Responses API input items to LangChain messages (feedback re-tagged as the grader's)."""
    out: list[BaseMessage] = []
    for item in items:
        kind = item.get("type", "message")
        if kind == "message" or ("role" in item and kind not in ("function_call", "function_call_output")):
            role, text = item.get("role"), _content_text(item.get("content", ""))
            if role in ("system", "developer"):
                out.append(SystemMessage(text))
            elif role == "user":
                kwargs = {"lc_source": "rubric_grader"} if text.startswith(FEEDBACK_PREFIX) else {}
                out.append(HumanMessage(text, additional_kwargs=kwargs))
            else:
                out.append(AIMessage(text))
        elif kind == "function_call":
            call = {"name": item["name"], "args": json.loads(item.get("arguments") or "{}"), "id": item["call_id"]}
            if out and isinstance(out[-1], AIMessage):
                out[-1].tool_calls.append(call)
            else:
                out.append(AIMessage("", tool_calls=[call]))
        elif kind == "function_call_output":
            out.append(ToolMessage(_content_text(item.get("output", "")), tool_call_id=item["call_id"]))
    return out


def is_grading_request(body: dict[str, Any]) -> bool:
    """Whether a Responses API request body asks for the grader's verdict (tools named GraderResponse, or a JSON
    schema to answer in)."""
    if ((body.get("text") or {}).get("format") or {}).get("type") == "json_schema":
        return True
    return any(t.get("name") == "GraderResponse" for t in body.get("tools") or [])


def is_grading(kwargs: dict[str, Any]) -> bool:
    """Whether a request asks for the grader's verdict (a GraderResponse tool, or a JSON schema to answer in)."""
    return "response_format" in kwargs or "GraderResponse" in [t["function"]["name"] for t in kwargs.get("tools", [])]


def call_of(messages: list[BaseMessage], kwargs: dict[str, Any]) -> tuple[str, bool]:
    """(the first user message, whether the call asks for a verdict): which item a call was for, and for whom (a
    writer call's first message is the task; a grader call's quotes it)."""
    first = next((m for m in messages if isinstance(m, HumanMessage)), None)
    return (_content_text(first.content) if first is not None else ""), is_grading(kwargs)


def offline_brain(messages: list[BaseMessage], kwargs: dict[str, Any]) -> AIMessage:
    """Answer as the offline grader when grading is asked for, else as the offline writer."""
    from rubric_core.models.offline import OfflineGrader, OfflineWriter

    model = OfflineGrader() if is_grading(kwargs) else OfflineWriter()
    return model.respond(messages, **kwargs)


ARGS_PIECE = 24
"""Characters of a tool call's arguments per streamed piece."""
_WORDS = re.compile(r"\S+\s*|\s+")


class StubOpenAI:
    """Start with `with StubOpenAI() as stub:`; `stub.base_url` goes to OPENAI_BASE_URL."""

    def __init__(
        self,
        brain: Callable[[list[BaseMessage], dict[str, Any]], AIMessage] | None = None,
        *,
        status: int = 200,
        hold: Callable[[dict[str, Any]], None] | None = None,
        refuse: Callable[[dict[str, Any]], bool] | None = None,
    ) -> None:
        """`hold(piece)`: called before each streamed piece is sent, with {"request": its 0-based number,
        "piece": its number in that answer, "kind": "text" or "args", "text", "tool": the call's name or ""}."""
        self.brain = brain or offline_brain
        self.status = status
        self.refuse = refuse
        """Requests it answers 401 with an error body that quotes the key they carried (a careless provider)."""
        self.hold = hold
        self.requests: list[dict[str, Any]] = []
        self.calls: list[tuple[str, bool]] = []
        """(the first user message, whether it asked for a verdict) of each model call answered."""
        self.sent: list[dict[str, Any]] = []
        """Each streamed piece: request, piece, kind, text, tool, and `at` (time.time() once written)."""
        self.lock = threading.Lock()
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
                with stub.lock:
                    number = len(stub.requests)
                    stub.requests.append({"path": self.path, "body": body, "auth": self.headers.get("Authorization")})
                if stub.refuse is not None and stub.refuse(body):
                    key = str(self.headers.get("Authorization") or "").removeprefix("Bearer ")
                    message = f"Incorrect API key provided: {key}. You can find your API key at your dashboard."
                    self._send(401, {"error": {"message": message, "type": "invalid_request_error"}})
                    return
                if stub.status != 200:
                    self._send(stub.status, {"error": {"message": "stub failure", "type": "server_error"}})
                    return
                if body.get("stream"):
                    self._stream(number, stub.respond(body))
                    return
                self._send(200, stub.respond(body))

            def _stream(self, number: int, response: dict[str, Any]) -> None:
                # HTTP/1.0 without a length: the body ends when the connection closes (as SSE allows).
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Cache-Control", "no-cache")
                self.end_headers()
                for event, piece in stream_events(response):
                    if piece is not None and stub.hold is not None:
                        stub.hold({"request": number, **piece})
                    self.wfile.write(f"event: {event['type']}\ndata: {json.dumps(event)}\n\n".encode())
                    self.wfile.flush()
                    if piece is not None:
                        with stub.lock:
                            stub.sent.append({"request": number, **piece, "at": time.time()})

            def _send(self, status: int, payload: dict[str, Any]) -> None:
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def respond(self, body: dict[str, Any]) -> dict[str, Any]:
        items = body.get("input") or []
        if body.get("instructions"):
            items = [{"role": "system", "content": body["instructions"]}, *items]
        messages = to_messages(items)
        kwargs: dict[str, Any] = {}
        tools = [
            {"type": "function", "function": {"name": t.get("name"), "parameters": t.get("parameters") or {}}}
            for t in body.get("tools") or []
        ]
        if tools:
            kwargs["tools"] = tools
        fmt = (body.get("text") or {}).get("format") or {}
        if fmt.get("type") == "json_schema":
            kwargs["response_format"] = fmt
        with self.lock:
            self.calls.append(call_of(messages, kwargs))
        answer = self.brain(messages, kwargs)
        output: list[dict[str, Any]] = []
        if answer.content:
            output.append(
                {
                    "type": "message",
                    "id": f"msg_{uuid.uuid4().hex[:8]}",
                    "role": "assistant",
                    "status": "completed",
                    "content": [{"type": "output_text", "text": _content_text(answer.content), "annotations": []}],
                }
            )
        for call in answer.tool_calls:
            output.append(
                {
                    "type": "function_call",
                    "id": f"fc_{uuid.uuid4().hex[:8]}",
                    "call_id": call["id"],
                    "name": call["name"],
                    "arguments": json.dumps(call["args"]),
                    "status": "completed",
                }
            )
        return {
            "id": f"resp_{uuid.uuid4().hex[:8]}",
            "object": "response",
            "created_at": 0,
            "model": body.get("model"),
            "status": "completed",
            "output": output,
            "parallel_tool_calls": True,
            "tool_choice": "auto",
            "tools": [],
            "usage": {
                "input_tokens": 11,
                "output_tokens": 7,
                "total_tokens": 18,
                "input_tokens_details": {"cached_tokens": 0},
                "output_tokens_details": {"reasoning_tokens": 0},
            },
        }

    def __enter__(self) -> StubOpenAI:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()


def stream_events(response: dict[str, Any]) -> Any:
    """The SSE events of a whole Responses API answer, in order, each with its piece (or None for framing):
    what the API streams for text (word by word) and for function calls (their arguments in pieces)."""
    seq = iter(range(1_000_000))

    def event(kind: str, **data: Any) -> dict[str, Any]:
        return {"type": kind, "sequence_number": next(seq), **data}

    started = {**response, "status": "in_progress", "output": [], "usage": None}
    yield event("response.created", response=started), None
    yield event("response.in_progress", response=started), None
    piece_no = 0
    for index, item in enumerate(response["output"]):
        if item["type"] == "message":
            text = item["content"][0]["text"]
            yield (
                event(
                    "response.output_item.added",
                    output_index=index,
                    item={**item, "status": "in_progress", "content": []},
                ),
                None,
            )
            part = {"type": "output_text", "text": "", "annotations": []}
            yield (
                event(
                    "response.content_part.added", item_id=item["id"], output_index=index, content_index=0, part=part
                ),
                None,
            )
            for word in _WORDS.findall(text):
                piece = {"piece": piece_no, "kind": "text", "text": word, "tool": ""}
                piece_no += 1
                yield (
                    event(
                        "response.output_text.delta",
                        item_id=item["id"],
                        output_index=index,
                        content_index=0,
                        delta=word,
                        logprobs=[],
                    ),
                    piece,
                )
            yield (
                event(
                    "response.output_text.done",
                    item_id=item["id"],
                    output_index=index,
                    content_index=0,
                    text=text,
                    logprobs=[],
                ),
                None,
            )
            yield (
                event(
                    "response.content_part.done",
                    item_id=item["id"],
                    output_index=index,
                    content_index=0,
                    part={**part, "text": text},
                ),
                None,
            )
        else:
            args = item["arguments"]
            yield (
                event(
                    "response.output_item.added",
                    output_index=index,
                    item={**item, "arguments": "", "status": "in_progress"},
                ),
                None,
            )
            for start in range(0, len(args), ARGS_PIECE):
                chunk = args[start : start + ARGS_PIECE]
                piece = {"piece": piece_no, "kind": "args", "text": chunk, "tool": item["name"]}
                piece_no += 1
                yield (
                    event(
                        "response.function_call_arguments.delta", item_id=item["id"], output_index=index, delta=chunk
                    ),
                    piece,
                )
            yield (
                event("response.function_call_arguments.done", item_id=item["id"], output_index=index, arguments=args),
                None,
            )
        yield event("response.output_item.done", output_index=index, item=item), None
    yield event("response.completed", response=response), None
