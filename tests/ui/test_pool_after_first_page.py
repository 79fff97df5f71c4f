"""Issue 40 item 9: the worker pool starts once the first page is drawn, not with the server.

Started with the server (rubric_ui/serve.py), the forkserver's import of the agent stack took a core while the first
page was drawn (4.18 s against 3.41 s without workers, bench/cold_start.py). A Start that comes while the workers are
still starting does not wait for them: tests/core/test_pool_start.py.
"""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

import rubric_ui.app as app_module
import rubric_ui.serve as serve
from tests.ui.test_pages import APPTEST_TIMEOUT_S, ROOT


def test_the_server_no_longer_starts_the_pool(monkeypatch: pytest.MonkeyPatch) -> None:
    started = []
    monkeypatch.setattr("rubric_core.execution.warm.start_worker_pool_in_background", lambda: started.append(1))
    monkeypatch.setattr("streamlit.web.cli.main", lambda **_: None)
    monkeypatch.setenv(serve.AHEAD_ENV, "0")
    serve.main()
    assert started == []


def test_the_pool_is_asked_for_after_the_first_page_is_drawn(monkeypatch: pytest.MonkeyPatch) -> None:
    order: list[str] = []
    drawn = app_module.mark_drawn

    def marked(**kwargs: object) -> None:
        order.append("page drawn")
        drawn(**kwargs)

    monkeypatch.setattr(app_module, "mark_drawn", marked)
    monkeypatch.setattr(app_module, "warm_up", lambda: order.append("pool asked for"))
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=APPTEST_TIMEOUT_S).run()
    assert not at.exception
    assert [t.value for t in at.title] == ["Run"]
    assert order == ["page drawn", "pool asked for"], order
