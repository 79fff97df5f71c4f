"""The shared sidebar: where data lives, which providers have keys, session-only keys."""

from __future__ import annotations

import os
import uuid

import streamlit as st

from rubric_core.models.providers import PROVIDERS
from rubric_core.paths import data_dir
from rubric_core.store import DB_URL_ENV, mask_url
from rubric_ui.safe import code
from rubric_ui.session.access import show_identity
from rubric_ui.session.keys import configured, session_keys_form
from rubric_ui.widgets.project import show_project_sidebar


def show_sidebar() -> None:
    """Render the sidebar."""
    with st.sidebar:
        show_identity()
        # Which server session drew the page: after a server restart the browser reconnects on its own
        # and a new session redraws it (what the reconnect test waits for).
        mark = st.session_state.setdefault("session_mark", uuid.uuid4().hex[:12])
        st.html(f'<span class="rs-session" data-session="{mark}" hidden></span>')
        st.caption(f"Data: {code(data_dir().resolve())}")
        show_project_sidebar()
        if os.environ.get(DB_URL_ENV):  # shown with its password masked, never as given
            st.caption(f"Store: {code(mask_url(os.environ[DB_URL_ENV]))}")
        scheduler = os.environ.get("RUBRIC_STUDIO_DASK_SCHEDULER", "").strip()
        if scheduler:  # where Start sends runs (keys then come from the workers' environment)
            st.caption(f"Runs execute on the Dask cluster {code(mask_url(scheduler))}")
        status = configured()
        lines = ["Offline models: ready (no key)"]
        lines += [
            f"{p.label}: {'key configured' if status[n] else 'no key'}" for n, p in PROVIDERS.items() if p.key_env
        ]
        st.caption("  \n".join(lines))
    session_keys_form()
