"""The app's page files, by absolute path: `st.switch_page` and `st.page_link` take them from any entry script.

Streamlit resolves a page path against the entry script's folder; the app has two entry
scripts (the checkout's top-level app.py and the installed rubric_ui/app.py), so pages are
named by absolute path, never relative to either.
"""

from pathlib import Path

PAGES_DIR = Path(__file__).resolve().parent.parent / "app_pages"
RUN_PAGE_FILE = str(PAGES_DIR / "run.py")
RUNS_PAGE_FILE = str(PAGES_DIR / "runs.py")
SUITES_PAGE_FILE = str(PAGES_DIR / "suites.py")
REVIEW_PAGE_FILE = str(PAGES_DIR / "review.py")
