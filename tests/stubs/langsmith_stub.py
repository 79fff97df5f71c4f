"""A local stand-in for the LangSmith API endpoints the dataset upload uses."""

from __future__ import annotations

import json
import threading
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class StubLangSmith:
    """Records datasets and examples; `with StubLangSmith() as ls:` then LANGSMITH_ENDPOINT=ls.url."""

    def __init__(self) -> None:
        self.datasets: dict[str, dict[str, Any]] = {}
        self.examples: list[dict[str, Any]] = []
        self.api_keys: set[str] = set()
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def _send(self, code: int, obj: Any) -> None:
                data = json.dumps(obj).encode()
                self.send_response(code)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self) -> None:
                stub.api_keys.add(self.headers.get("x-api-key", ""))
                if self.path.startswith("/info"):
                    self._send(200, {"version": "0.10.0", "batch_ingest_config": {}})
                elif self.path.startswith("/datasets"):
                    name = self.path.split("name=")[-1] if "name=" in self.path else None
                    found = [d for d in stub.datasets.values() if name is None or d["name"] == name]
                    self._send(200, found)
                else:
                    self._send(404, {"detail": "not found"})

            def do_POST(self) -> None:
                stub.api_keys.add(self.headers.get("x-api-key", ""))
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"null")
                if self.path.startswith("/datasets"):
                    ds = {
                        "id": str(uuid.uuid4()),
                        "name": body["name"],
                        "created_at": "2026-01-01T00:00:00Z",
                        "modified_at": "2026-01-01T00:00:00Z",
                        "tenant_id": str(uuid.uuid4()),
                        "data_type": "kv",
                        "example_count": 0,
                        "session_count": 0,
                        "description": body.get("description"),
                    }
                    stub.datasets[ds["id"]] = ds
                    self._send(200, ds)
                elif self.path.startswith("/examples/bulk"):
                    for example in body:  # the server assigns ids the client leaves out
                        example.setdefault("id", str(uuid.uuid4()))
                    stub.examples.extend(body)
                    self._send(200, [{"id": e["id"]} for e in body])
                else:
                    self._send(404, {"detail": "not found"})

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def __enter__(self) -> StubLangSmith:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()
