"""The store's one exception: what went wrong and what to do, with any database URL masked."""

from __future__ import annotations


class StoreError(RuntimeError):
    """The store cannot be opened or used; the message says why and what to do."""
