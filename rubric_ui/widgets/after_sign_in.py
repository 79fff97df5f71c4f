"""A link followed before sign-in leads where it pointed once the person has signed in.

Streamlit's sign-in ends with a redirect to the app's first page and a new session, so nothing on the server
remembers the link. The browser tab does: the sign-in page stores the address it was opened at in the tab's
sessionStorage (it survives the trip to the identity provider and back), and the first page drawn after sign-in
goes there. Both are hidden frames holding one constant script each, admitted by its hash and nothing else; the
address is read from the tab's own location and followed only as a path on this site.
"""

from __future__ import annotations

import base64
import hashlib

import streamlit as st

_KEY = "rs-after-sign-in"
_REMEMBER_JS = (
    "(function(){try{var p=window.parent,l=p.location;"
    f"p.sessionStorage.setItem('{_KEY}',l.pathname+l.search);}}catch(e){{}}}})();"
)
# A path on this site only ("/runs", "/?run=..."), never "//host" or "https:..."; and not where the page already is.
_FOLLOW_JS = (
    "(function(){try{var p=window.parent,s=p.sessionStorage,"
    f"t=s.getItem('{_KEY}');if(!t)return;s.removeItem('{_KEY}');"
    "var here=p.location.pathname+p.location.search;"
    "if(!/^\\/(?![\\/\\\\])/.test(t)||t===here)return;"
    # A link of the page's own, clicked: a frame may not navigate the page itself (no allow-top-navigation).
    "var a=p.document.createElement('a');a.href=t;a.style.display='none';p.document.body.appendChild(a);a.click();"
    "}catch(e){}})();"
)
_DONE = "auth_followed_link"
"""Session key: this signed-in session has looked for a link to follow (once per session)."""


def _frame(script: str | None, key: str) -> None:
    """A hidden container holding the frame of `script`; with no script, the same container left empty."""
    st.html(f"<style>.st-key-{key}{{display:none}}</style>")
    with st.container(key=key):
        if script is None:
            return
        digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
        doc = (
            "<!doctype html><html><head><meta http-equiv='Content-Security-Policy' "
            f"content=\"default-src 'none'; script-src 'sha256-{digest}'\"></head><body><script>{script}</script>"
            "</body></html>"
        )
        st.iframe(doc, height=1)


def remember_the_link() -> None:
    """On the sign-in page: keep the address it was opened at for after sign-in."""
    _frame(_REMEMBER_JS, "rs_after_sign_in_keep")


def follow_the_link() -> None:
    """On every page a signed-in session draws: the first one goes where the link followed before sign-in
    pointed, if any. Its hidden container is drawn on every page run, empty after the first, so what follows it
    sits at the same place in every session: a fragment's id comes from its place, and a replayed press of a
    polling fragment's control (access.check_forged_actions) reaches the same fragment in another person's
    session only when the two pages are laid out alike (a frame drawn only in a session's first page run put
    the Run page's fragment one place lower there, and the replayed press was lost unrecorded)."""
    first = not st.session_state.get(_DONE)
    st.session_state[_DONE] = True
    _frame(_FOLLOW_JS if first else None, "rs_after_sign_in_go")
