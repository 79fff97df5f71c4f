"""`python -m rubric_ui.serve run APP [streamlit options]`: `streamlit run`, with the workers warmed and the app
imported ahead.

`rubric-studio ui` and `make run` start the dashboard this way. The worker processes start with the server: the
forkserver imports the agent stack while Streamlit itself starts, and is held (stopped) from the moment the server
listens until the first page is drawn (rubric_core/execution/warm.py, rubric_ui/app.py), so it takes no core from
that page, and the first Start does not wait for an import begun only after it. The app's own modules are imported
while the first browser loads Streamlit's page (see `import_the_app_ahead`). Every argument is Streamlit's own, and
Ctrl-C, SIGTERM and the exit status are Streamlit's.
"""

from __future__ import annotations

import importlib
import logging
import os
import threading
import time

logger = logging.getLogger(__name__)

AHEAD_MODULES = ("rubric_ui.app", "rubric_ui.screens.run")
"""What the first page's script run imports (the app and the default page), by name: this entry point runs
Streamlit and never calls into them (the entry points are independent of each other: pyproject.toml)."""
AHEAD_ENV = "RUBRIC_STUDIO_IMPORT_AHEAD"
"""`0` turns `import_the_app_ahead` off (bench/before_after.py measures with and without)."""


def main() -> None:
    from streamlit.web.cli import main as streamlit_main

    from rubric_core.execution.warm import start_worker_pool_in_background

    start_worker_pool_in_background()
    import_the_app_ahead(modules=AHEAD_MODULES if os.environ.get(AHEAD_ENV, "1") != "0" else ())
    streamlit_main(prog_name="streamlit")


def import_the_app_ahead(modules: tuple[str, ...] = AHEAD_MODULES) -> threading.Thread:
    """Import the modules the first page runs (SQLAlchemy, the store, the pages) once Streamlit's runtime exists.

    The first page's script run imported them itself: about 0.3 s of CPU (1.9 s on a loaded machine, most of
    it SQLAlchemy) between the browser's connection and the first element drawn. From here they load while the
    browser still fetches and starts Streamlit's JavaScript. It waits for the runtime (set up just before the
    server listens) so as not to slow the server's own start, and so Streamlit's caches find their runtime.
    A script run that needs a module this thread is still importing waits for that import (Python's module
    lock), holding no other. First, once the server listens, it holds the workers' warm-up until the first page
    is drawn (rubric_core/execution/warm.py).
    """

    def work() -> None:
        from streamlit import runtime

        deadline = time.monotonic() + 60
        while not runtime.exists():  # a bounded wait for Streamlit's own start, not a timing assumption
            if time.monotonic() > deadline:
                return
            time.sleep(0.02)
        from rubric_core.execution.warm import hold_warm_up

        hold_warm_up()  # released once the first page is drawn (rubric_ui/app.py)
        try:
            for name in modules:
                importlib.import_module(name)
        except Exception:  # the first page imports them again and shows what is wrong
            logger.debug("Importing the app ahead failed", exc_info=True)

    thread = threading.Thread(target=work, name="rubric-studio-import-ahead", daemon=True)
    thread.start()
    return thread


if __name__ == "__main__":
    main()
