"""Creating, listing and revoking a run's read-only share links (for the roles that may share)."""

from __future__ import annotations

import time
from urllib.parse import urlsplit

import streamlit as st

from rubric_core.access.audit import iso
from rubric_core.access.share import EXPIRY_CHOICES, ShareConfigError, create_link, list_links, revoke_link, token_for
from rubric_core.access.share_key import ShareKey
from rubric_ui.safe import md
from rubric_ui.session.access import act, attempt, current_actor, share_signing_key
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
            key = share_signing_key()
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
            key = _create(run_id, life=str(life)) or key
        if key is None:  # no link made yet on this dashboard, so no key either
            st.caption(_WHERE_NEW)
            return
        if key.source == "generated":
            st.caption(_where(key))
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
                st.code(f"{app_root()}?share={token_for(key.key, link)}", language=None)
                if st.button("Revoke", key=f"share_revoke_{link['id']}", icon=":material/link_off:"):
                    done = attempt(
                        "share",
                        lambda lid=link["id"]: revoke_link(store, lid, revoked_by=current_actor().id),
                        run_id=run_id,
                        detail=f"revoked link {link['id']}",
                    )
                    if done:
                        st.rerun()


_WHERE_NEW = (
    "The first link makes this dashboard's signing key and keeps it in its data directory, readable by you only. "
    "A team's dashboards share one key instead: signing_key under [share] in .streamlit/secrets.toml."
)


def _where(key: ShareKey) -> str:
    # In a code span, as typed: Markdown escapes there would show as backslashes (a path is shown, not read as
    # Markdown); a backtick, the one character that would end the span, is not kept.
    path = str(key.path).replace("`", "'")
    return (
        f"Links are signed with a key this dashboard made for itself, kept in `{path}` (readable by its "
        "owner only): deleting the file stops every link made with it. A team's dashboards share one key instead: "
        "signing_key under [share] in .streamlit/secrets.toml."
    )


def _create(run_id: str, *, life: str) -> ShareKey | None:
    """Create a link (making this dashboard's signing key first, if it has none); the key, or None when refused."""
    store = store_or_stop()
    try:
        key = share_signing_key(create=True)
    except ShareConfigError as exc:
        st.error(str(exc), icon=":material/key_off:")
        return None
    assert key is not None  # create=True makes one or raises
    act(
        "share",
        lambda: create_link(
            store,
            key.key,
            run_id=run_id,
            created_by=current_actor().id,
            expires_at=time.time() + EXPIRY_CHOICES[life],
        ),
        run_id=run_id,
        detail=lambda link: f"created link {link['id']} expiring {iso(link['expires_at'])}",
    )
    return key
