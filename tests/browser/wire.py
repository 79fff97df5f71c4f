"""A short, readable trace of the Streamlit websocket traffic of a page, for a failed test's diagnostics.

Each frame is decoded with Streamlit's own protobuf classes into one line: the script run it belongs
to (and the fragments a fragment run reruns), then what it is (a delta at a path, with the element kind
and the first characters of a Markdown body; a script start or end and its status; a rerun request,
with its fragment). The trace of the messages around a failure shows, for example, a full page run
whose fragment deltas never reached the browser (see rubric_ui/widgets/fragments.py).
"""

from __future__ import annotations

from collections import deque
from typing import Any

from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

SECRET_FIELD = "keys_input_"
"""Part of the widget id of every API key field (rubric_ui/session/keys.py): their text is never traced."""
TRACE_LINES = 400
"""The newest lines kept (a whole Run page run is about 60 messages)."""


def _bytes(payload: Any) -> bytes:
    return payload if isinstance(payload, bytes) else str(payload).encode()


def _received(payload: Any) -> str:
    msg = ForwardMsg()
    try:
        msg.ParseFromString(_bytes(payload))
    except Exception as exc:  # a frame that is not a ForwardMsg: say so, keep tracing
        return f"<- undecodable ({type(exc).__name__})"
    kind = msg.WhichOneof("type")
    run = msg.metadata.run
    line = f"<- [{run.script_run_id[:6]}{' frag ' + ','.join(f[:8] for f in run.fragment_ids) if run.fragment_ids else ''}] {kind}"
    if kind == "delta":
        delta = msg.delta
        what = delta.WhichOneof("type") or ""
        if what == "new_element":
            element = delta.new_element.WhichOneof("type") or ""
            body = ""
            if element == "markdown":
                body = " " + delta.new_element.markdown.body[:48].replace("\n", " ")
            if element in ("text_area", "text_input"):
                # A value the server writes into a field (set_value) replaces what the browser shows.
                widget = getattr(delta.new_element, element)
                body = f" {widget.label!r} #{widget.id[-6:]}" + (
                    f" set to {widget.value[:40]!r}" if widget.set_value else ""
                )
            what = f"{element}{body}"
        elif what == "add_block":
            what = f"block {delta.add_block.WhichOneof('type')}"
        frag = f" (fragment {delta.fragment_id[:8]})" if delta.fragment_id else ""
        line += f" {list(msg.metadata.delta_path)} {what}{frag}"
    elif kind == "script_finished":
        line += " " + ForwardMsg.ScriptFinishedStatus.Name(msg.script_finished)
    elif kind == "auto_rerun":
        line += f" every {msg.auto_rerun.interval:.2f} s (fragment {msg.auto_rerun.fragment_id[:8]})"
    elif kind == "session_status_changed":
        line += f" running={msg.session_status_changed.script_is_running}"
    return line


def _sent(payload: Any) -> str | None:
    msg = BackMsg()
    try:
        msg.ParseFromString(_bytes(payload))
    except Exception as exc:
        return f"-> undecodable ({type(exc).__name__})"
    kind = msg.WhichOneof("type")
    if kind == "app_heartbeat":
        return None
    if kind == "rerun_script":
        rerun = msg.rerun_script
        frag = f" fragment {rerun.fragment_id[:8]}" if rerun.fragment_id else " page"
        # The text the browser holds for each field it sends (what the server will take as the field's value).
        # Never the text of a key field (the sidebar's session keys): a trace is printed into CI logs.
        texts = " ".join(
            f"#{w.id[-6:]}=" + ("<key, not shown>" if SECRET_FIELD in w.id else repr(w.string_value[:20]))
            for w in rerun.widget_states.widgets
            if w.WhichOneof("value") == "string_value"
        )
        return f"-> rerun{frag}{' (auto)' if rerun.is_auto_rerun else ''}{' ' + texts if texts else ''}"
    return f"-> {kind}"


class WireTrace:
    """Keeps the newest decoded lines of every websocket of one page."""

    def __init__(self) -> None:
        self.lines: deque[str] = deque(maxlen=TRACE_LINES)

    def attach(self, page: Any) -> None:
        page.on("websocket", self._on_socket)

    def _on_socket(self, ws: Any) -> None:
        ws.on("framereceived", lambda payload: self.lines.append(_received(payload)))
        ws.on("framesent", self._on_sent)

    def _on_sent(self, payload: Any) -> None:
        line = _sent(payload)
        if line is not None:
            self.lines.append(line)

    def text(self) -> str:
        return "\n".join(self.lines)
