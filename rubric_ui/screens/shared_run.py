"""A share link (`?share=TOKEN`): one run's Present view, read-only, without sign-in, and nothing else.

The session that opens a link stays a share session: it has no role (every action is refused and a forged
one recorded), no sidebar, no navigation, no API-key section, and only the run its token names. A link
that is revoked, expired, changed or whose run was deleted says so instead.
"""

from __future__ import annotations

import streamlit as st

from rubric_core.access import Actor
from rubric_core.access.share import ShareCheck, ShareConfigError, check_token
from rubric_ui.session.access import SHARE_ACTOR, check_forged_actions, share_signing_key
from rubric_ui.session.resources import store_or_stop

_SHARE_KEY = "access_share_token"
"""Session key: the token this share session was opened with (it stays a share session)."""


def _check() -> ShareCheck:
    token = st.query_params.get("share") or st.session_state.get(_SHARE_KEY) or ""
    st.session_state[_SHARE_KEY] = token
    try:
        key = share_signing_key()  # never made here: a dashboard that has no key yet has made no link
    except ShareConfigError:
        key = None
    if key is None:
        return ShareCheck("invalid", "Share links are not set up on this dashboard.")
    return check_token(store_or_stop(), key.key, token)


def show_shared_run() -> None:
    """The page of a share session: the run, or why the link does not open it."""
    check = _check()
    # Only a working link's session is someone the audit trail can name; a bad token writes nothing.
    st.session_state[SHARE_ACTOR] = Actor(kind="share", id=f"share:{check.link_id}" if check.status == "ok" else "")
    st.html("<style>[data-testid='stSidebar'],[data-testid='stSidebarCollapsedControl']{display:none}</style>")
    if check.status != "ok":
        st.title("Rubric Studio")
        with st.container(key="rs_share_refused"):
            st.error(check.message, icon=":material/link_off:")
        return

    # Imported here: app.py imports this module on every page, and only a share session draws Present (its
    # report and exports add about 0.1 s to every other page's first import).
    from rubric_ui.screens.present import render

    check_forged_actions()
    with st.container(key="rs_shared_run"):
        st.caption("A read-only view of one run, shared with you by its team.")
        render(check.run_id, shared=True)
