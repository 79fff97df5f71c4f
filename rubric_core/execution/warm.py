"""Start the worker processes ahead of the first run, in the background.

Called by the dashboard once its first page is drawn (rubric_ui/app.py), however it was started. The workers
come from a forkserver that imports the agent stack (about 2.5 s on an idle core, 4 to 5 s while Chromium draws
on the same 2 cores): begun with the server, that import took a core from the first page (0.8 s of its 4.2 s);
begun after it, it runs while the person reads the page. A Start that comes while they are still starting is
taken at once and goes to the first worker up (bench/first_run.py says whether the first run waits).
"""

from __future__ import annotations

import logging
import threading

logger = logging.getLogger(__name__)


def start_worker_pool_in_background() -> threading.Thread:
    """Start this process's pool of workers (as $RUBRIC_STUDIO_WORKERS says) from a daemon thread.

    Nothing when runs go to threads (`RUBRIC_STUDIO_WORKERS=0`) or to a Dask cluster. This thread imports none
    of the agent stack (the forkserver does), so the caller is not slowed. A bad worker or Dask setting is left
    for Start to report beside the button, where the user can act on it.
    """

    def work() -> None:
        try:
            from rubric_core.execution.dask_settings import scheduler_address
            from rubric_core.execution.settings import worker_count

            workers = worker_count()
            if workers > 0 and not scheduler_address():
                from rubric_core.execution.processes import shared_pool

                shared_pool(workers).start()
        except Exception:  # reported where it matters: Start says what is wrong with the setting
            logger.debug("Warm-up skipped", exc_info=True)

    thread = threading.Thread(target=work, name="rubric-studio-warm-up", daemon=True)
    thread.start()
    return thread
