"""Files an agent writes through a deepagents FilesystemBackend: found, listed and read the backend's own way.

A deep agent keeps the files it writes in its state (`files`, the default StateBackend), which the
run records with each draft. An agent built with `backend=FilesystemBackend(root_dir=...)` (or a
CompositeBackend routing a prefix to one, or LocalShellBackend, which is one) writes to disk instead,
and its state's `files` stays empty. Such backends are found in the compiled graph (the file tools of
its FilesystemMiddleware, and its subagents' own), and each is listed with its own `glob` at the start
of a run's part and again at every draft: a file that is new or changed since the start (size or
modification time) is read with the backend's `download_files` and recorded beside the state's files.

Not covered: StoreBackend (a LangGraph store) and remote sandboxes, whose listing is a network call per
draft; a file outside the backend's root (an absolute path with virtual_mode=False); hidden files and
folders (names starting with '.'), which the backend's glob leaves out.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

logger = logging.getLogger("rubric_core.engine.backend_files")
MAX_READ_BYTES = 5 * 1024 * 1024
"""A file larger than this is recorded by its size only (what is kept of a read one is bounded: bounds.py)."""
_MAX_DEPTH = 4


@dataclass
class _Root:
    prefix: str
    """Where the agent sees the backend's files: "" for the default backend, "/disk" for a route "/disk/"."""
    backend: Any

    def listing(self) -> dict[str, tuple[Any, Any]]:
        """Path (as the agent sees it) to (size, modified time) of every file under the backend's root."""
        virtual = bool(getattr(self.backend, "virtual_mode", True))
        where = "/" if virtual else str(self.backend.cwd)
        try:
            found = self.backend.glob("*", path=where)
        except Exception:  # a root that vanished or cannot be read: nothing to record from it
            logger.debug("Listing %s failed", where, exc_info=True)
            return {}
        out: dict[str, tuple[Any, Any]] = {}
        for info in found.matches or []:
            if info.get("is_dir"):
                continue
            out[self.prefix + str(info["path"])] = (info.get("size"), info.get("modified_at"))
        return out

    def read(self, paths: list[str]) -> dict[str, str]:
        """The text of each path (as the agent sees it), or a line saying why it is not recorded."""
        own = [p[len(self.prefix) :] for p in paths]
        out: dict[str, str] = {}
        try:
            answers = self.backend.download_files(own)
        except Exception as exc:  # noqa: BLE001 -- a file that went away or cannot be read: say so, go on
            return {p: f"[not recorded: reading it failed ({type(exc).__name__})]" for p in paths}
        for path, answer in zip(paths, answers, strict=False):
            content = getattr(answer, "content", None)
            if content is None:
                out[path] = f"[not recorded: {getattr(answer, 'error', None) or 'it could not be read'}]"
                continue
            try:
                out[path] = content.decode("utf-8")
            except UnicodeDecodeError:
                out[path] = f"[a binary file of {len(content):,} bytes: not recorded as text]"
        return out


@dataclass
class BackendFiles:
    """The filesystem backends of one compiled graph, and what the agent wrote through them in this part."""

    roots: list[_Root]
    before: dict[str, tuple[Any, Any]] = field(default_factory=dict)
    known: set[str] = field(default_factory=set)
    """Paths recorded as written earlier (an earlier part of the run): read again at every draft."""

    @classmethod
    def of_graph(cls, graph: Any) -> BackendFiles | None:
        """The graph's filesystem backends (None when it writes to its state only)."""
        roots = list(_roots_of(graph))
        return cls(roots) if roots else None

    def start(self, known: Iterable[str] = ()) -> None:
        """Take the listing this part starts from (files that exist now are not the agent's writing)."""
        self.before = {}
        for root in self.roots:
            self.before.update(root.listing())
        self.known = set(known)

    def written(self) -> dict[str, str]:
        """{path: text} of every file new or changed since `start` (and the known ones still there)."""
        out: dict[str, str] = {}
        for root in self.roots:
            now = root.listing()
            changed = [p for p, stamp in now.items() if self.before.get(p) != stamp or p in self.known]
            small = [p for p in changed if not isinstance(now[p][0], int) or now[p][0] <= MAX_READ_BYTES]
            out.update(root.read(small))
            for p in changed:
                if p not in out:
                    out[p] = f"[a file of {now[p][0]:,} bytes: too large to record]"
        return out


def _roots_of(graph: Any) -> Iterable[_Root]:
    """Every filesystem backend the graph's file tools (and its subagents' graphs) write through."""
    seen: set[int] = set()
    for backend in _backends(graph, 0, set()):
        yield from _filesystem_roots(backend, "", seen)


def _filesystem_roots(backend: Any, prefix: str, seen: set[int]) -> Iterable[_Root]:
    from deepagents.backends import CompositeBackend, FilesystemBackend

    if id(backend) in seen:
        return
    seen.add(id(backend))
    if isinstance(backend, FilesystemBackend):
        yield _Root(prefix.rstrip("/"), backend)
    elif isinstance(backend, CompositeBackend):
        yield from _filesystem_roots(backend.default, prefix, seen)
        for route, routed in (backend.routes or {}).items():
            yield from _filesystem_roots(routed, prefix.rstrip("/") + "/" + str(route).strip("/"), seen)


def _backends(graph: Any, depth: int, visited: set[int]) -> Iterable[Any]:
    """The `backend` of each middleware behind the graph's tools, and of the graphs its tools hold (subagents)."""
    if depth > _MAX_DEPTH or id(graph) in visited:
        return
    visited.add(id(graph))
    tools = getattr(getattr(getattr(graph, "nodes", {}).get("tools"), "bound", None), "tools_by_name", None) or {}
    for tool in tools.values():
        for func in (getattr(tool, "func", None), getattr(tool, "coroutine", None)):
            for value in _closure_values(func):
                backend = getattr(value, "backend", None)
                if backend is not None and not callable(backend):
                    yield backend
                for inner in _graphs_in(value):
                    yield from _backends(inner, depth + 1, visited)


def _closure_values(func: Any) -> list[Any]:
    cells = getattr(func, "__closure__", None) or ()
    out = []
    for cell in cells:
        try:
            out.append(cell.cell_contents)
        except ValueError:  # an empty cell
            continue
    return out


def _graphs_in(value: Any) -> list[Any]:
    """Compiled graphs held by a closure value: itself, or the values of a dict (the task tool's subagents)."""
    from langgraph.pregel import Pregel

    if isinstance(value, Pregel):
        return [value]
    if isinstance(value, dict):
        return [v for v in value.values() if isinstance(v, Pregel)]
    return []
