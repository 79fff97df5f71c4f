"""What the AppTests of the Run page share."""

from __future__ import annotations

from typing import Any

from streamlit.testing.v1 import AppTest

from rubric_ui.session.state import START_KEY


def is_start(key: str | None) -> bool:
    """Whether a widget key is the Run page's Start button (`run_start_<click token>`)."""
    return bool(key) and str(key).startswith(f"{START_KEY}_")


def start_button(at: AppTest) -> Any:
    """The Run page's Start button (its key carries the click token of the button drawn now)."""
    found = [b for b in at.button if is_start(b.key)]
    assert len(found) == 1, [b.key for b in at.button]
    return found[0]


def run_payloads(at: AppTest) -> list[dict[str, Any]]:
    """The payload of every run view element (rubric_ui/widgets/run_element.py) the last script run drew."""
    import json

    out = []
    for element in at.get("bidi_component"):
        raw = element.proto.json or element.proto.mixed.json
        if raw:
            out.append(json.loads(raw))
    return out


def run_payload(at: AppTest) -> dict[str, Any]:
    """The one run view element's payload on the page."""
    found = run_payloads(at)
    assert len(found) == 1, f"{len(found)} run view elements on the page"
    return found[0]


def payload_words(at: AppTest) -> str:
    """Every string the page's run view elements were given, one per line (what they show, as text)."""
    from rubric_core.views.run_payload import payload_text

    return "\n".join(text for payload in run_payloads(at) for text in payload_text(payload))
