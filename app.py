"""`streamlit run app.py` in a checkout (what `make run` does). The app itself is rubric_ui/app.py, which the
installed `rubric-studio ui` runs directly; this file only calls it, so both start the same app."""

from rubric_ui.app import main

main()
