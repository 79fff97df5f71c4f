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


def _parse_forward(payload: Any) -> ForwardMsg | str:
    msg = ForwardMsg()
    try:
        msg.ParseFromString(_bytes(payload))
    except Exception as exc:  # a frame that is not a ForwardMsg: say so, keep tracing
        return f"<- undecodable ({type(exc).__name__})"
    return msg


def _received(frame: ForwardMsg | Any) -> str:
    """One line for a received frame (a parsed ForwardMsg, or its bytes)."""
    msg = frame if isinstance(frame, ForwardMsg) else _parse_forward(frame)
    if isinstance(msg, str):
        return msg
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


def _parse_back(payload: Any) -> BackMsg | str:
    msg = BackMsg()
    try:
        msg.ParseFromString(_bytes(payload))
    except Exception as exc:
        return f"-> undecodable ({type(exc).__name__})"
    return msg


def _sent(frame: BackMsg | Any) -> str | None:
    """One line for a sent frame (a parsed BackMsg, or its bytes); None for a heartbeat."""
    msg = frame if isinstance(frame, BackMsg) else _parse_back(frame)
    if isinstance(msg, str):
        return msg
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
    """Keeps the newest decoded lines of every websocket of one page, and which of the page's requests for a script
    run the server has not answered yet.

    Why the second: Streamlit 1.67's page asks for a script run (a widget committed, a button, a component's value)
    without changing its `data-test-script-state`; the page reads `running` only once the server's reply arrives.
    A wait on that attribute alone, just after a click or a key, passed before the run it caused had started (CI:
    a text area filled while the Enter's run was still to redraw it, and the two texts were joined). And a quick
    fragment run can go from `running` back to `notRunning` in one React render, so a page-side count of runs
    missed it. The websocket says both exactly.
    """

    def __init__(self) -> None:
        self.lines: deque[str] = deque(maxlen=TRACE_LINES)
        self.seq = 0
        self.requests = 0
        """How many runs the page has asked for by itself (a person's action; not a fragment's timer)."""
        self.last_request = 0
        """When (`seq`) the page last asked for a run, of the page or of a fragment."""
        self.finished = 0
        """When (`seq`) the newest script run ended (not stopped early for a newer request)."""
        self.pending: dict[str, int] = {}
        """Unanswered requests for a whole-page run: '' -> when it was sent (`seq`) (see `_on_sent`)."""
        self._answering: dict[str, tuple[int, set[str]]] = {}
        self.values: dict[str, str] = {}
        """Each widget's text as the page last sent it (widget id -> string value: text fields, selectboxes)."""
        self.changes: deque[tuple[int, str, str]] = deque(maxlen=TRACE_LINES)
        """(seq, widget id, new text) each time a request carried a widget's text changed (or first sent)."""

    def attach(self, page: Any) -> None:
        page.on("websocket", self._on_socket)

    def _on_socket(self, ws: Any) -> None:
        # A new connection (a navigation, a reload, a reconnect) asks for its own first run: what the old one
        # asked for is never answered and no longer waited on.
        self._forget()
        ws.on("framereceived", self._on_received)
        ws.on("framesent", self._on_sent)
        ws.on("close", lambda *_: self._forget())

    def _forget(self) -> None:
        self.pending.clear()
        self._answering.clear()

    def _on_received(self, payload: Any) -> None:
        msg = _parse_forward(payload)
        if isinstance(msg, str):
            self.lines.append(msg)
            return
        self.lines.append(_received(msg))
        self.seq += 1
        kind = msg.WhichOneof("type")
        run = msg.metadata.run
        if kind == "new_session":
            fragments = set(run.fragment_ids)
            # A run started after a request answers it if it runs the whole page or the fragment asked for.
            covered = {
                key for key, sent in self.pending.items() if sent < self.seq and (not fragments or key in fragments)
            }
            self._answering[run.script_run_id] = (self.seq, covered)
        elif kind == "script_finished":
            started, covered = self._answering.pop(run.script_run_id, (0, set()))
            if msg.script_finished == ForwardMsg.ScriptFinishedStatus.Value("FINISHED_EARLY_FOR_RERUN"):
                return  # stopped for a newer request: the run that follows answers it
            self.finished = self.seq
            for key in covered:
                if self.pending.get(key, self.seq) < started:
                    del self.pending[key]

    def _on_sent(self, payload: Any) -> None:
        msg = _parse_back(payload)
        if isinstance(msg, str):
            self.lines.append(msg)
            return
        line = _sent(msg)
        if line is not None:
            self.lines.append(line)
        if msg.WhichOneof("type") == "rerun_script" and not msg.rerun_script.is_auto_rerun:
            self.seq += 1
            self.requests += 1
            self.last_request = self.seq
            if not msg.rerun_script.fragment_id:
                # Only a request for the whole page is waited on: the server always answers it (with fastReruns, a
                # new script runner), while it drops a fragment's request without a word when that fragment is not
                # registered at that moment (AppSession.request_rerun; a page run in flight re-registers them).
                self.pending[""] = self.seq
            for widget in msg.rerun_script.widget_states.widgets:
                if SECRET_FIELD in widget.id or widget.WhichOneof("value") != "string_value":
                    continue  # a key's text is never kept, not even in memory
                if self.values.get(widget.id) != widget.string_value:
                    self.values[widget.id] = widget.string_value
                    self.changes.append((self.seq, widget.id, widget.string_value))

    def sent_change(self, text: str, since: int) -> bool:
        """Whether a request sent after `since` (a `seq`) changed some widget's text to `text`."""
        return any(seq > since and value == text for seq, _, value in self.changes)

    def text(self) -> str:
        return "\n".join(self.lines)
