"""Database URLs as they may be shown: never with a password.

Every message, log line or page that names the store's database URL shows
`mask_url(url)`; a message that quotes a driver's error text goes through
`scrub(text, url)` as well, in case the driver repeated the password.
"""

from __future__ import annotations

import re

MASK = "***"
_SECRET_QUERY_KEYS = frozenset({"password", "passwd", "pwd", "pass", "sslpassword", "sslkey_password"})
_USERINFO = re.compile(r":[^@\s]*@")
"""In a URL SQLAlchemy cannot parse: anything from a colon to an @ may be a password."""


def _password_span(url: str) -> tuple[int, int] | None:
    """Where the user-info password is in `url`: from the first ':' after the user to the last '@' before the query.

    Read as text, not by a URL parser: a password holding an unencoded '@' (`user:ab@cd@host`) is cut at its
    first '@' by parsers, which then show the rest of it as the host.
    """
    start = url.find("://")
    if start == -1:
        return None
    start += 3
    query = url.find("?", start)
    end = query if query != -1 else len(url)
    at = url.rfind("@", start, end)
    if at == -1:
        return None
    colon = url.find(":", start, at)
    return (colon + 1, at) if colon != -1 else None


def mask_url(url: str) -> str:
    """The URL with its password (in the user info or the query string) replaced by ***.

    Everything between the user and the host's '@' is masked, whatever the password holds.
    """
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    span = _password_span(url)
    if span is not None:
        url = url[: span[0]] + MASK + url[span[1] :]
    try:
        parsed = make_url(url)
    except (ArgumentError, ValueError, TypeError):
        return _USERINFO.sub(f":{MASK}@", url)
    if parsed.query:
        hidden = {k: (MASK if k.lower() in _SECRET_QUERY_KEYS else v) for k, v in parsed.query.items()}
        parsed = parsed.set(query=hidden)
    return parsed.render_as_string(hide_password=False).replace("%2A%2A%2A", MASK)


def scrub(text: str, url: str) -> str:
    """`text` with the URL masked and the URL's password removed wherever it appears."""
    from urllib.parse import quote

    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    out = text.replace(url, mask_url(url))
    try:
        parsed = make_url(url)
        secrets = [str(parsed.password or "")]
        secrets += [str(v) for k, v in parsed.query.items() if k.lower() in _SECRET_QUERY_KEYS]
    except (ArgumentError, ValueError, TypeError):
        secrets = [m.group(0)[1:-1] for m in _USERINFO.finditer(url)]
    span = _password_span(url)
    if span is not None:  # the whole password as written, and each piece of it a parser took for a host
        whole = url[span[0] : span[1]]
        secrets = [whole, *whole.split("@"), *secrets]
    for secret in secrets:
        if len(secret) >= 3:  # shorter "passwords" would mask unrelated text, and are not secrets anyway
            out = out.replace(secret, MASK).replace(quote(secret, safe=""), MASK)
    return out
