"""A real OIDC provider for the sign-in tests (`oidc-provider-mock` on 127.0.0.1), the app's secrets, and the
browser steps of signing in and out.

The provider is the package's own Flask app served by werkzeug on 127.0.0.1 with a port the kernel picks
(its `run_server_in_thread` binds "localhost", which the app's redirect URI must not mix with 127.0.0.1:
the cookie of the sign-in would belong to another origin). Users and their ID-token claims are set with
the provider's own `PUT /users/<sub>`; its login form takes the subject, then "Authorize".
"""

from __future__ import annotations

import contextlib
import json
import secrets
import socket
import threading
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

CLIENT_ID = "rubric-studio-tests"


def free_port() -> int:
    """A port free on 127.0.0.1 now (the app's redirect URI must name it before the app starts)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Provider:
    """A running provider."""

    base_url: str
    server: Any

    @property
    def metadata_url(self) -> str:
        return f"{self.base_url}/.well-known/openid-configuration"

    def set_user(self, sub: str, claims: dict[str, Any]) -> None:
        """Define (or redefine) a user and the claims of their ID token."""
        request = urllib.request.Request(
            f"{self.base_url}/users/{urllib.parse.quote(sub, safe='')}",
            data=json.dumps(claims).encode(),
            method="PUT",
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            assert response.status == 204, response.status


@contextlib.contextmanager
def run_provider() -> Iterator[Provider]:
    """The provider in a thread of the test process, on 127.0.0.1."""
    import oidc_provider_mock
    import werkzeug.serving

    app = oidc_provider_mock.app(require_client_registration=False)
    server = werkzeug.serving.make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, args=(0.1,), name="oidc-provider", daemon=True)
    thread.start()
    try:
        yield Provider(f"http://127.0.0.1:{server.server_port}", server)
    finally:
        server.shutdown()
        server.server_close()
        thread.join(10)


def write_secrets(path: Path, *, port: int, provider: Provider, roles: dict[str, list[str]], share_key: str) -> Path:
    """A secrets.toml with sign-in through `provider` ([auth]), `roles` ([roles]) and a share signing key."""
    lines = [
        "[auth]",
        f'redirect_uri = "http://127.0.0.1:{port}/oauth2callback"',
        f'cookie_secret = "{secrets.token_urlsafe(32)}"',
        f'client_id = "{CLIENT_ID}"',
        f'client_secret = "{secrets.token_urlsafe(16)}"',
        f'server_metadata_url = "{provider.metadata_url}"',
        "",
        "[roles]",
        *(f"{role} = {json.dumps(patterns)}" for role, patterns in roles.items()),
        "",
        "[share]",
        f'signing_key = "{share_key}"',
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def only_loopback(context: Any) -> None:
    """Abort every request that would leave 127.0.0.1 (the provider's pages link a stylesheet on a CDN)."""
    context.route(
        "**/*",
        lambda route: (
            route.continue_() if route.request.url.startswith(("http://127.0.0.1", "ws://127.0.0.1")) else route.abort()
        ),
    )


def sign_in(page: Any, app_url: str, sub: str) -> None:
    """From the app's sign-in page: Sign in, type `sub` in the provider's form, Authorize, back on the app."""
    page.get_by_role("button", name="Sign in", exact=True).click()
    page.wait_for_url("**/oauth2/authorize?**")
    page.locator('input[name="sub"]').fill(sub)
    page.get_by_role("button", name="Authorize", exact=True).click()
    page.wait_for_url(f"{app_url}/**")


def sign_out(page: Any) -> None:
    """Sign out in the sidebar, end the session at the provider, back on the app's sign-in page."""
    page.locator(".st-key-auth_sign_out button").click()
    page.wait_for_url("**/oauth2/end_session?**")
    page.get_by_role("button", name="End session").click()
    page.get_by_role("button", name="Sign in", exact=True).wait_for()
