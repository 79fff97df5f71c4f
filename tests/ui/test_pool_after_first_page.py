"""Issue 40 item 9 and its follow-up: the workers warm up with the server, held while the first page is drawn.

Started with the server and left to run, the forkserver's import of the agent stack took a core while the first page
was drawn (4.18 s against 3.41 s without workers, bench/cold_start.py); started only after that page, the first
Start waited for it (a first verdict 10.5 s after Start against 5.6 s, bench/first_run.py). Now the server starts it,
holds it from the moment it listens until the first page is drawn, and the page lets it go on. The hold itself:
tests/core/test_warm_hold.py; a Start while the workers start: tests/core/test_pool_start.py.
"""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

import rubric_ui.app as app_module
import rubric_ui.serve as serve
from tests.ui.test_pages import APPTEST_TIMEOUT_S, ROOT


def test_the_server_starts_the_warm_up_and_holds_it_once_it_listens(monkeypatch: pytest.MonkeyPatch) -> None:
    order: list[str] = []
    monkeypatch.setattr("rubric_core.execution.warm.start_worker_pool_in_background", lambda: order.append("warm"))
    monkeypatch.setattr("rubric_core.execution.warm.hold_warm_up", lambda: order.append("held"))
    listening = []
    monkeypatch.setattr("streamlit.runtime.exists", lambda: bool(listening))
    monkeypatch.setattr("streamlit.web.cli.main", lambda **_: order.append("streamlit"))
    monkeypatch.setenv(serve.AHEAD_ENV, "0")
    serve.main()
    assert order == ["warm", "streamlit"]  # nothing held before the server listens
    thread = serve.import_the_app_ahead(modules=())
    listening.append(True)
    thread.join(120)
    listening.clear()  # Streamlit's runtime is gone again for the fixtures that clear its caches
    assert not thread.is_alive() and order[-1] == "held"


def test_the_warm_up_goes_on_once_the_first_page_is_drawn(monkeypatch: pytest.MonkeyPatch) -> None:
    order: list[str] = []
    drawn = app_module.mark_drawn

    def marked(**kwargs: object) -> None:
        order.append("page drawn")
        drawn(**kwargs)

    monkeypatch.setattr(app_module, "mark_drawn", marked)
    monkeypatch.setattr(app_module, "release_warm_up", lambda: order.append("released"))
    monkeypatch.setattr(app_module, "warm_up", lambda: order.append("pool asked for"))
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=APPTEST_TIMEOUT_S).run()
    assert not at.exception
    assert [t.value for t in at.title] == ["Run"]
    assert order == ["page drawn", "released", "pool asked for"], order
