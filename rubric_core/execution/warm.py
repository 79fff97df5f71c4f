"""Start the worker processes ahead of the first run, in the background.

Called as the dashboard's server starts (`rubric-studio ui`, `make run`: see rubric_ui/serve.py) and again,
harmlessly, on the first page drawn (a bare `streamlit run app.py` has no earlier point). The workers come
from a forkserver that imports the agent stack (about 2.5 s on an idle core, 4 to 5 s while Chromium draws
the first page on the same 2 cores); begun on the first page, the first Start of a server still waited out
the rest (bench/first_run.py).
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
