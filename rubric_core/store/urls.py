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


def mask_url(url: str) -> str:
    """The URL with its password (in the user info or the query string) replaced by ***."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        parsed = make_url(url)
    except (ArgumentError, ValueError, TypeError):
        return _USERINFO.sub(f":{MASK}@", url)
    if parsed.query:
        hidden = {k: (MASK if k.lower() in _SECRET_QUERY_KEYS else v) for k, v in parsed.query.items()}
        parsed = parsed.set(query=hidden)
    return parsed.render_as_string(hide_password=True).replace("%2A%2A%2A", MASK)


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
    for secret in secrets:
        if len(secret) >= 3:  # shorter "passwords" would mask unrelated text, and are not secrets anyway
            out = out.replace(secret, MASK).replace(quote(secret, safe=""), MASK)
    return out
