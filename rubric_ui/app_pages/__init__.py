"""Streamlit's page entry files: one thin file per page, each calling its screen's `render()` (rubric_ui/screens/).

Not named `pages/`: Streamlit treats a `pages/` folder beside the entry script as its older multipage mode
(see the README's Layout). Streamlit runs these files as scripts; nothing imports them.
"""
