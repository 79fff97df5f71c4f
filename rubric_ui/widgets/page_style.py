"""Page-wide CSS, drawn by app.py on every full run (a style-only `st.html` takes no place on the page)."""

from __future__ import annotations

# While the page cannot reach its server, Streamlit's own dialog tells a developer to restart
# "streamlit run yourscript.py" (on localhost) or asks whether the internet is connected (any other host).
# The page keeps this style while it is disconnected (it is already in the document), so that dialog says
# what is going on in the product's words instead; Streamlit closes it once the server answers again. The
# app opens no dialog of its own, so while disconnected the only one is Streamlit's.
_OFFLINE_MESSAGE = (
    "Reconnecting to the Rubric Studio server…\\A\\A"
    "The server is not answering (it may be restarting). Nothing is lost: every draft and verdict is stored as "
    "it happens. This page reconnects by itself when the server is back; a run that stopped with the server "
    "can be resumed where it stopped."
)

PAGE_CSS = (
    "<style>"
    # Streamlit's wide layout keeps 5rem each side: half of it gives tables and side-by-side diffs the room.
    '[data-testid="stMainBlockContainer"]{padding-left:2.5rem;padding-right:2.5rem}'
    'body:has([data-testid="stApp"]:not([data-test-connection-state="CONNECTED"])) '
    '[role="dialog"]>*{display:none}'
    'body:has([data-testid="stApp"]:not([data-test-connection-state="CONNECTED"])) '
    '[role="dialog"]::before{'
    f'content:"{_OFFLINE_MESSAGE}";white-space:pre-wrap;display:block;line-height:1.5;padding:1.25rem 1.5rem}}'
    "</style>"
)
