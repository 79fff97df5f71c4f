"""Provider keys: which are configured (never their values) and keys entered for this session only."""

from __future__ import annotations

import streamlit as st

from rubric_core.models.providers import PROVIDERS, key_status
from rubric_core.redaction import register_secrets
from rubric_ui.session.access import current_actor

SESSION_KEYS = "keys_session"
"""Session-state key holding {ENV_NAME: value} typed in this browser session; never stored."""
KEYS_OPEN = "keys_panel_open"
"""Widget key: whether the sidebar's "API keys for this session" panel is open."""
KEYS_OWNER = "keys_session_owner"
"""Session-state key: who typed the session's keys (the signed-in person's id): keys never serve anyone else."""

_KEY_FIELDS = {name: p.key_env[0] for name, p in PROVIDERS.items() if p.key_env}
"""Provider name to the variable its field in the panel sets (a provider's first key variable)."""


def _secrets() -> dict[str, str]:
    names = {var for p in PROVIDERS.values() for var in p.key_env} | {"OLLAMA_HOST"}
    found: dict[str, str] = {}
    try:
        for name in names:
            if name in st.secrets:
                found[name] = str(st.secrets[name])
    except Exception:  # noqa: BLE001 -- no or unreadable secrets.toml: nothing configured there
        return {}
    return found


def _session_keys() -> dict[str, str]:
    """This session's typed keys, dropped if they were typed by someone other than who is signed in now.

    A browser session has one identity (Streamlit reads it when the browser connects), so this only matters
    if that ever changed under a session: a key typed by one person is never used for, or shown as configured
    to, another.
    """

    owner = current_actor().id
    if st.session_state.get(KEYS_OWNER) != owner:
        st.session_state[SESSION_KEYS] = {}
        for provider in PROVIDERS.values():
            for var in provider.key_env:
                st.session_state.pop(f"keys_input_{var}", None)
        st.session_state[KEYS_OWNER] = owner
    # A key typed is kept in the session, not in its field (drawn only while the panel is open): taken from what
    # the browser sent, whether or not the field is drawn, so a key sent by the rerun that folds the panel (typed,
    # then a click on its title) is kept too, and the sidebar counts it at once.
    for var in _KEY_FIELDS.values():
        typed = str(st.session_state.get(f"keys_input_{var}") or "").strip()
        if typed:
            st.session_state.setdefault(SESSION_KEYS, {})[var] = typed
    return dict(st.session_state.get(SESSION_KEYS, {}))


def run_keys() -> dict[str, str]:
    """Keys for a run: .streamlit/secrets.toml, then this session's (the environment is read by the core).

    Each is a secret of this process from now on: redacted from whatever it lets out (rubric_core/redaction.py).
    """
    keys = {**_secrets(), **_session_keys()}
    register_secrets(v for k, v in keys.items() if k != "OLLAMA_HOST")
    return keys


def configured() -> dict[str, bool]:
    """Provider name to whether a key is configured."""
    return key_status(run_keys())


def session_keys_form() -> None:
    """Sidebar form to enter a key for this browser session only."""
    # Its fields are drawn only while it is open: drawn folded on every page, they cost each page's first draw
    # in the browser (a run opened from the Runs list, bench/scale.py).
    panel = st.sidebar.expander("API keys for this session", key=KEYS_OPEN, on_change="rerun")
    if not panel.open:
        return
    with panel:
        st.caption("Kept in this browser session's memory only: never written to disk, the store, exports or logs.")
        status = configured()
        for name, var in _KEY_FIELDS.items():
            mark = "configured" if status[name] else "not configured"
            st.text_input(f"{PROVIDERS[name].label} ({var}) · {mark}", type="password", key=f"keys_input_{var}")
        if st.session_state.get(SESSION_KEYS) and st.button("Forget session keys", key="keys_forget"):
            st.session_state[SESSION_KEYS] = {}
            for provider in PROVIDERS.values():
                for var in provider.key_env:
                    st.session_state.pop(f"keys_input_{var}", None)
            st.rerun()
