"""Creating, listing and revoking a run's read-only share links (for the roles that may share)."""

from __future__ import annotations

import time
from urllib.parse import urlsplit

import streamlit as st

from rubric_core.access.audit import iso
from rubric_core.access.share import (
    EXPIRY_CHOICES,
    ShareConfigError,
    create_link,
    list_links,
    revoke_link,
    signing_key,
    token_for,
)
from rubric_ui.safe import md
from rubric_ui.session.access import act, attempt, current_actor, share_signing_secret
from rubric_ui.session.resources import store_or_stop

_PAGE_PATHS = ("run", "runs", "rubrics", "suites", "review", "export", "present", "audit")


def app_root() -> str:
    """The app's own address as the browser used it (scheme, host, base path), ending in '/'."""
    url = st.context.url or ""
    parts = urlsplit(url)
    path = parts.path.rstrip("/")
    if path.rsplit("/", 1)[-1] in _PAGE_PATHS:
        path = path.rsplit("/", 1)[0]
    return f"{parts.scheme}://{parts.netloc}{path}/" if parts.netloc else "./"


def show_share_links(run_id: str) -> None:
    """An expander: create a link with an expiry, the run's links (with their address while they work), revoke."""
    with st.expander("Share a read-only link", icon=":material/share:"):
        try:
            key = signing_key(*share_signing_secret())
        except ShareConfigError as exc:
            st.info(str(exc))
            return
        store = store_or_stop()
        st.caption(
            "Opens this run's Present view without sign-in, and nothing else: no other run, no editing. "
            "Anyone with the address can open it until it expires or is revoked."
        )
        c1, c2 = st.columns([2, 1], vertical_alignment="bottom")
        life = c1.selectbox("Expires after", list(EXPIRY_CHOICES), index=2, key=f"share_life_{run_id}")
        if c2.button("Create link", key=f"share_create_{run_id}", icon=":material/add_link:"):
            act(
                "share",
                lambda: create_link(
                    store,
                    key,
                    run_id=run_id,
                    created_by=current_actor().id,
                    expires_at=time.time() + EXPIRY_CHOICES[str(life)],
                ),
                run_id=run_id,
                detail=lambda link: f"created link {link['id']} expiring {iso(link['expires_at'])}",
            )
        now = time.time()
        for link in list_links(store, run_id):
            state = "revoked" if link["revoked_at"] else ("expired" if link["expires_at"] <= now else "active")
            with st.container(border=True, key=f"rs_share_{link['id']}"):
                st.caption(
                    f"{state.capitalize()} · created by {md(link['created_by'])} on {iso(link['created_at'])} · "
                    + (
                        f"revoked by {md(link['revoked_by'])} on {iso(link['revoked_at'])}"
                        if link["revoked_at"]
                        else f"expires {iso(link['expires_at'])} (UTC)"
                    )
                )
                if state != "active":
                    continue
                st.code(f"{app_root()}?share={token_for(key, link)}", language=None)
                if st.button("Revoke", key=f"share_revoke_{link['id']}", icon=":material/link_off:"):
                    done = attempt(
                        "share",
                        lambda lid=link["id"]: revoke_link(store, lid, revoked_by=current_actor().id),
                        run_id=run_id,
                        detail=f"revoked link {link['id']}",
                    )
                    if done:
                        st.rerun()
