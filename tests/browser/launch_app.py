"""`python -m tests.browser.launch_app run app.py ...`: `streamlit run` with the test gate installed first.

The gate (see gate.py) patches the offline writer in this process only, and only
when the test server sets RUBRIC_STUDIO_TEST_GATES; the app itself is unchanged.
"""

from __future__ import annotations

from streamlit.web.cli import main

from tests.browser.gate import install_from_env

if __name__ == "__main__":
    install_from_env()
    main(prog_name="streamlit")
