"""The Assistant page in real Chromium (issue 31): diagnose a rubric version, prove the proposed edit on held-out
reviews, accept it as a new version; untrusted reviewer text stays text."""

from __future__ import annotations

import pytest

from tests.browser.conftest import shot
from tests.browser.helpers import open_server_store
from tests.browser.helpers import wait_app_idle as wait_app
from tests.core.assistant_seed import NAME, fix_split, review_all, seed_runs


@pytest.fixture(scope="module")
def seeded(server) -> None:
    seed_runs(server.home)
    review_all(server.home)
    fix_split(server.home)
    from rubric_core.judge.reviews import record_review

    with open_server_store(server) as store:
        run_id = store.list_runs(limit=1)[0]["id"]
        # A reviewer's reason is untrusted text: it must show as text wherever the page shows it.
        record_review(
            store,
            run_id,
            iteration=0,
            criterion="At most 150 words",
            verdict="fail",
            reviewer="ann",
            reason="<img src=x onerror=\"document.title='pwned'\">",
        )


def test_diagnose_prove_and_accept_in_the_browser(page, server, seeded) -> None:
    page.goto(f"{server.url}/assistant")
    wait_app(page)
    page.get_by_role("button", name="Diagnose v1").click()
    page.wait_for_selector('[data-kind="disagrees_accepts"]')
    wait_app(page)
    kinds = page.eval_on_selector_all("[data-kind]", "els => els.map(e => e.dataset.kind)")
    assert kinds[0] == "disagrees_accepts" and {"vague", "compound", "always_passes"} <= set(kinds)
    shot(page, "assistant-diagnosed")
    page.get_by_role("button", name="Prove it on held-out reviews").first.click()
    page.wait_for_selector('.as-proof[data-outcome="better"]', timeout=120_000)
    wait_app(page)
    assert "held-out" in page.inner_text(".as-proof")
    # After the proof the button says what a click would do now (it kept its first label until the next redraw).
    page.get_by_role("button", name="Prove again").first.wait_for()
    shot(page, "assistant-proved")
    page.get_by_role("button", name="Accept as a new version").first.click()
    page.get_by_text("as version 2 with its proof", exact=False).wait_for()
    with open_server_store(server) as store:
        assert [v["version"] for v in store.rubric_versions(NAME)] == [1, 2]
    assert page.title() != "pwned" and not page.locator("img[src='x']").count()
