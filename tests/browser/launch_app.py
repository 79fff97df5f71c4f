"""`python -m tests.browser.launch_app run app.py ...`: `streamlit run` with the test gate installed first.

The gate (see gate.py) patches the offline writer in this process only, and only
when the test server sets RUBRIC_STUDIO_TEST_GATES; the app itself is unchanged.
"""

from __future__ import annotations

import faulthandler
import signal

from streamlit.web.cli import main

from tests.browser.gate import install_from_env

if __name__ == "__main__":
    install_from_env()
    # A test that times out sends SIGUSR1: every thread's stack goes to the server log (see conftest.py).
    faulthandler.register(signal.SIGUSR1, all_threads=True)
    main(prog_name="streamlit")
