"""Streamlit-only code: cached resources, session-state keys and widgets."""
