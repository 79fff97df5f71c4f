"""Items of an iterator made one ahead in a thread of their own, while the caller works on the one before."""

from __future__ import annotations

import queue
import threading
from collections.abc import Iterator
from typing import Any, TypeVar

T = TypeVar("T")

_END = object()


def prefetched(items: Iterator[T], *, name: str = "rubric-studio-export-read") -> Iterator[T]:
    """`items`, the next one made in a thread while the caller still works on the one before.

    At most two items are alive at once (the caller's and the one being made), so memory stays that of two
    batches. An exception raised making an item is raised here, in the caller, where that item would have come.
    A caller that stops early (an exception of its own, a `break`, closing this iterator) stops the thread
    before it makes another item; the source is closed in the thread that ran it, and nothing is left running.
    """
    handoff: queue.Queue[tuple[bool, Any]] = queue.Queue(maxsize=1)
    stop = threading.Event()

    def produce() -> None:
        outcome: tuple[bool, Any] = (True, _END)
        try:
            for item in items:
                handoff.put((True, item))
                handoff.join()  # until the caller has taken it: only then make the next one
                if stop.is_set():
                    return
        except BaseException as exc:  # noqa: BLE001 - whatever it is, it is raised again in the caller
            outcome = (False, exc)
        finally:
            close = getattr(items, "close", None)
            if close is not None:
                close()
        handoff.put(outcome)

    return _consume(handoff, stop, threading.Thread(target=produce, name=name, daemon=True))


def _consume(handoff: queue.Queue[tuple[bool, Any]], stop: threading.Event, thread: threading.Thread) -> Iterator[Any]:
    thread.start()
    try:
        while True:
            ok, item = handoff.get()
            handoff.task_done()
            if not ok:
                raise item
            if item is _END:
                return
            yield item
    finally:
        stop.set()
        while thread.is_alive():  # take what it hands over, so it is not held waiting, until it has ended
            try:
                handoff.get(timeout=0.05)
                handoff.task_done()
            except queue.Empty:
                pass
        thread.join()
