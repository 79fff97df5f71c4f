"""The failure diagnostics' websocket trace decodes real Streamlit messages into readable lines."""

from __future__ import annotations

from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from tests.browser.wire import WireTrace, _received, _sent


def test_a_fragment_delta_names_its_run_path_element_and_fragment() -> None:
    msg = ForwardMsg()
    msg.metadata.run.script_run_id = "abcdef123456"
    msg.metadata.run.fragment_ids.append("f1f2f3f4f5f6")
    msg.metadata.delta_path.extend([0, 2, 1])
    msg.delta.fragment_id = "f1f2f3f4f5f6"
    msg.delta.new_element.markdown.body = "**Last draft**\nsecond line"
    assert _received(msg.SerializeToString()) == (
        "<- [abcdef frag f1f2f3f4] delta [0, 2, 1] markdown **Last draft** second line (fragment f1f2f3f4)"
    )


def test_script_end_auto_rerun_and_requests() -> None:
    done = ForwardMsg()
    done.script_finished = ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY
    assert _received(done.SerializeToString()).endswith("script_finished FINISHED_FRAGMENT_RUN_SUCCESSFULLY")
    rerun = BackMsg()
    rerun.rerun_script.fragment_id = "f1f2f3f4f5f6"
    rerun.rerun_script.is_auto_rerun = True
    assert _sent(rerun.SerializeToString()) == "-> rerun fragment f1f2f3f4 (auto)"
    beat = BackMsg()
    beat.app_heartbeat = True
    assert _sent(beat.SerializeToString()) is None
    assert _received(b"\xff\xff not protobuf").startswith("<- undecodable")


def test_the_trace_keeps_the_newest_lines() -> None:
    trace = WireTrace()
    for n in range(1000):
        trace.lines.append(str(n))
    assert trace.text().splitlines()[-1] == "999"
    assert len(trace.text().splitlines()) == 400


def test_field_values_written_by_the_server_and_sent_by_the_browser_name_their_widget() -> None:
    msg = ForwardMsg()
    msg.metadata.delta_path.extend([0, 2])
    area = msg.delta.new_element.text_area
    area.label, area.id, area.value, area.set_value = "Rubric", "$$ID-abc-suites_rubric", "- One", True
    assert _received(msg.SerializeToString()).endswith("text_area 'Rubric' #rubric set to '- One'")
    rerun = BackMsg()
    typed = rerun.rerun_script.widget_states.widgets.add()
    typed.id, typed.string_value = "$$ID-abc-suites_model", "offline:writer?latency=0.5"
    rerun.rerun_script.widget_states.widgets.add(id="$$ID-abc-suites_max", int_value=3)
    rerun.rerun_script.widget_states.widgets.add(id="$$ID-abc-keys_input_OPENAI_API_KEY", string_value="sk-live-1")
    assert _sent(rerun.SerializeToString()) == ("-> rerun page #_model='offline:writer?laten' #PI_KEY=<key, not shown>")


def _forward(run_id: str, *, fragment: str = "", finished: str = "") -> bytes:
    msg = ForwardMsg()
    msg.metadata.run.script_run_id = run_id
    if fragment:
        msg.metadata.run.fragment_ids.append(fragment)
    if finished:
        msg.script_finished = ForwardMsg.ScriptFinishedStatus.Value(finished)
    else:
        msg.new_session.SetInParent()
    return msg.SerializeToString()


def _request(fragment: str = "", *, auto: bool = False, **texts: str) -> bytes:
    msg = BackMsg()
    msg.rerun_script.fragment_id = fragment
    msg.rerun_script.is_auto_rerun = auto
    for widget, text in texts.items():
        msg.rerun_script.widget_states.widgets.add(id=widget, string_value=text)
    return msg.SerializeToString()


def test_a_request_is_pending_until_a_run_started_after_it_has_ended() -> None:
    wire = WireTrace()
    wire._on_received(_forward("old"))  # a run already under way when the page asks
    wire._on_sent(_request())
    assert wire.pending and wire.requests == 1
    wire._on_received(_forward("old", finished="FINISHED_SUCCESSFULLY"))
    assert wire.pending  # that run started before the request: it does not answer it
    wire._on_received(_forward("new"))
    wire._on_received(_forward("new", finished="FINISHED_EARLY_FOR_RERUN"))
    assert wire.pending  # stopped for a newer request: the run after it answers
    wire._on_received(_forward("newer"))
    wire._on_received(_forward("newer", finished="FINISHED_SUCCESSFULLY"))
    assert not wire.pending


def test_a_fragment_request_is_counted_never_waited_on_and_a_timer_asks_nothing() -> None:
    wire = WireTrace()
    wire._on_sent(_request("frag-a", auto=True))
    assert not wire.pending and wire.requests == 0  # a fragment's timer is not the page asking
    wire._on_sent(_request("frag-a"))
    # Counted, not pending: the server drops a request for a fragment it does not hold at that moment, unanswered.
    assert wire.requests == 1 and not wire.pending
    asked = wire.last_request
    wire._on_received(_forward("mine", fragment="frag-a"))
    wire._on_received(_forward("mine", fragment="frag-a", finished="FINISHED_EARLY_FOR_RERUN"))
    assert wire.finished < asked
    wire._on_received(_forward("again", fragment="frag-a"))
    wire._on_received(_forward("again", fragment="frag-a", finished="FINISHED_FRAGMENT_RUN_SUCCESSFULLY"))
    assert wire.finished > asked


def test_a_new_connection_forgets_what_the_old_one_asked_and_changed_texts_are_kept_but_never_keys() -> None:
    wire = WireTrace()
    wire._on_sent(_request(**{"$$ID-a-fork_it_r1": "3", "$$ID-a-keys_input_OPENAI_API_KEY": "sk-live-1"}))
    since = wire.seq
    wire._on_sent(_request(**{"$$ID-a-fork_it_r1": "3"}))
    assert not wire.sent_change("3", since)  # sent again, unchanged
    wire._on_sent(_request(**{"$$ID-a-fork_it_r1": "2"}))
    assert wire.sent_change("2", since)
    assert "sk-live-1" not in repr(wire.values) + repr(list(wire.changes))
    wire._forget()
    assert not wire.pending
