"""`python -m rubric_ui.serve run APP [streamlit options]`: `streamlit run`, with the worker pool started first.

`rubric-studio ui` and `make run` start the dashboard this way. Streamlit runs the app script only when the
first page is opened, so a server started by `streamlit run` begins its worker processes then, and the first
Start waited for them; here they start with the server (see rubric_core/execution/warm.py). Every argument is
Streamlit's own, and Ctrl-C, SIGTERM and the exit status are Streamlit's.
"""

from __future__ import annotations


def main() -> None:
    from streamlit.web.cli import main as streamlit_main

    from rubric_core.execution.warm import start_worker_pool_in_background

    start_worker_pool_in_background()
    streamlit_main(prog_name="streamlit")


if __name__ == "__main__":
    main()
