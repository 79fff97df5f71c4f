"""Page code: one module per page of the app (`render()`), and the helpers only one page uses.

Each page entry file in rubric_ui/app_pages/ calls one of these. A page draws with rubric_ui.widgets and
reads the session through rubric_ui.session; no page imports another page (lint-imports checks it; the one
exception is the shared-run page, which is the Present page opened by a share link). Not named `pages/`:
Streamlit treats a `pages/` folder beside an entry script (rubric_ui/app.py) as its older multipage mode.
"""
