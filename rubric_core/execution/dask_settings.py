"""Which Dask scheduler to use, and whether this store and these keys may go to it.

The scheduler comes from `--scheduler` or $RUBRIC_STUDIO_DASK_SCHEDULER. Two
refusals protect the user:
- a SQLite store with a scheduler that is not on this machine's loopback
  address: workers elsewhere cannot share a SQLite file (a LocalCluster, or a
  scheduler started on 127.0.0.1, is the explicit way to use one machine);
- API keys typed in a browser session, sent to a remote scheduler: task
  arguments can be read in the scheduler's dashboard. Workers take provider
  keys from their own environment; $RUBRIC_STUDIO_DASK_SEND_KEYS=1 allows it.
"""

from __future__ import annotations

import ipaddress
import os
import socket

SCHEDULER_ENV = "RUBRIC_STUDIO_DASK_SCHEDULER"
SEND_KEYS_ENV = "RUBRIC_STUDIO_DASK_SEND_KEYS"
CONNECT_TIMEOUT_S = 10.0
"""How long to try reaching the scheduler before saying it cannot be reached."""
_SCHEMES = ("tcp", "tls", "ws", "wss", "ucx")


class DaskConfigError(ValueError):
    """A scheduler address, store or key setting that cannot work; the message says how to fix it."""


def scheduler_address(flag: str | None = None) -> str | None:
    """The scheduler to use: `flag` (the CLI's --scheduler), else $RUBRIC_STUDIO_DASK_SCHEDULER; None: no Dask."""
    value = flag if flag is not None else os.environ.get(SCHEDULER_ENV, "")
    value = value.strip()
    if not value:
        return None
    check_address(value)
    return value


def check_address(address: str) -> None:
    """Refuse an address that is not `scheme://host:port` (DaskConfigError with the expected form)."""
    scheme, sep, rest = address.partition("://")
    host, _, port = rest.rpartition(":")
    if not sep or scheme not in _SCHEMES or not host or not port.isdigit() or not 0 < int(port) < 65536:
        msg = (
            f"Dask scheduler address {address!r} is not valid: write it as tcp://HOST:PORT "
            f"(for example tcp://10.0.0.5:8786), in --scheduler or ${SCHEDULER_ENV}."
        )
        raise DaskConfigError(msg)


def scheduler_host(address: str) -> str:
    """The host part of a checked address, without IPv6 brackets."""
    rest = address.partition("://")[2]
    return rest.rpartition(":")[0].strip("[]")


def is_loopback(address: str) -> bool:
    """Whether the scheduler listens on this machine's loopback address (so its workers are local too)."""
    host = scheduler_host(address)
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        try:
            return ipaddress.ip_address(socket.gethostbyname(host)).is_loopback
        except OSError:
            return False


def check_store_for(address: str, store_url: str, display_url: str) -> None:
    """Refuse a SQLite store with a scheduler whose workers may be on other machines."""
    if not store_url.startswith("sqlite"):
        return
    if is_loopback(address):
        return
    msg = (
        f"The store is a SQLite file ({display_url}), and Dask workers on other machines cannot share it. "
        "Point RUBRIC_STUDIO_DB_URL at the team's PostgreSQL database (docs/SCALING.md), or use a scheduler "
        "on this machine (tcp://127.0.0.1:PORT) to run on local workers."
    )
    raise DaskConfigError(msg)


def check_keys_for(address: str, keys: dict[str, str] | None) -> None:
    """Refuse to send API keys typed in this session to a remote scheduler unless the user allowed it."""
    if not any(v for v in (keys or {}).values()):
        return
    if is_loopback(address) or os.environ.get(SEND_KEYS_ENV, "").strip() == "1":
        return
    msg = (
        "This run uses an API key typed in this session, and runs go to the Dask cluster at "
        f"{address}, whose dashboard can show task arguments. Set the provider's key in the workers' "
        f"environment and clear it here, or allow sending it with {SEND_KEYS_ENV}=1."
    )
    raise DaskConfigError(msg)
