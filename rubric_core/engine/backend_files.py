"""Files an agent writes through a deepagents FilesystemBackend: found, listed and read the backend's own way.

A deep agent keeps the files it writes in its state (`files`, the default StateBackend), which the
run records with each draft. An agent built with `backend=FilesystemBackend(root_dir=...)` (or a
CompositeBackend routing a prefix to one, or LocalShellBackend, which is one) writes to disk instead,
and its state's `files` stays empty. Such backends are found in the compiled graph (the file tools of
its FilesystemMiddleware, and its subagents' own), and each is listed with its own `glob` at the start
of a run's part and again at every draft: a file that is new or changed since the start (size or
modification time) is read with the backend's `download_files` and recorded beside the state's files.

Each run's files are its own: a backend is often shared by runs at once (one compiled agent serves every run
with the same settings, and a project's factory roots its backend in one folder), so a file new or changed since
the start is recorded for a run only if that run's own tool calls wrote it (the backend's `write`, `edit` and
`upload_files` are watched, and attributed to the run whose graph made the call), or if the run ran a shell
command through the backend and no other run wrote that file.

Not covered: StoreBackend (a LangGraph store) and remote sandboxes, whose listing is a network call per
draft; a file outside the backend's root (an absolute path with virtual_mode=False); hidden files and
folders (names starting with '.'), which the backend's glob leaves out.
"""

from __future__ import annotations

import contextvars
import logging
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

logger = logging.getLogger("rubric_core.engine.backend_files")
MAX_READ_BYTES = 5 * 1024 * 1024
"""A file larger than this is recorded by its size only (what is kept of a read one is bounded: bounds.py)."""
_MAX_DEPTH = 4


_RUN: contextvars.ContextVar[str | None] = contextvars.ContextVar("rubric_backend_run", default=None)
_lock = threading.Lock()
_wrote: dict[str, set[str]] = {}
"""Run id -> the files (real paths) its own tool calls wrote through a watched backend."""
_writers: dict[str, set[str]] = {}
"""Real path -> the runs that wrote it."""
_shell: set[str] = set()
"""Runs that ran a shell command through a watched backend (LocalShellBackend's `execute`)."""


def writing_as(run_id: str) -> contextvars.Token[str | None]:
    """From here, in this thread, the backend calls made (and those of the tool threads LangGraph starts, which copy
    this context) are the run's; `forget_run` with the token undoes it."""
    return _RUN.set(run_id)


def _current_run() -> str | None:
    run = _RUN.get()
    if run is not None:
        return run
    try:
        from langgraph.config import get_config

        value = get_config().get("configurable", {}).get("thread_id")
    except (ImportError, RuntimeError):  # outside a graph run
        return None
    return None if value is None else str(value)


def _real(backend: Any, path: str) -> str:
    """Where a path the backend was given is on disk (its own resolution), or the path itself."""
    try:
        return str(backend._resolve_path(path))
    except Exception:  # noqa: BLE001 -- a path the backend refuses was never written
        return path


def _record(run_id: str | None, backend: Any, path: str) -> None:
    if run_id is None:
        return
    real = _real(backend, path)
    with _lock:
        _wrote.setdefault(run_id, set()).add(real)
        _writers.setdefault(real, set()).add(run_id)


def _watched(backend: Any, name: str, paths_of: Callable[[tuple[Any, ...], Any], list[str]]) -> None:
    original = getattr(backend, name, None)
    if original is None:
        return

    def call(*args: Any, **kwargs: Any) -> Any:
        result = original(*args, **kwargs)
        run_id = _current_run()
        for path in paths_of(args or tuple(kwargs.values()), result):
            _record(run_id, backend, path)
        return result

    setattr(backend, name, call)


def _ok(result: Any) -> bool:
    return getattr(result, "error", None) in (None, "")


def watch_backend(backend: Any) -> None:
    """Attribute this backend's writes to the runs that make them, from now on (once per backend instance)."""
    with _lock:
        if getattr(backend, "_rubric_watched", False):
            return
        backend._rubric_watched = True
    _watched(backend, "write", lambda args, result: [str(args[0])] if args and _ok(result) else [])
    _watched(backend, "edit", lambda args, result: [str(args[0])] if args and _ok(result) else [])
    _watched(
        backend,
        "upload_files",
        lambda args, result: [str(f[0]) for f, r in zip(args[0] if args else [], result or [], strict=False) if _ok(r)],
    )
    original = getattr(backend, "execute", None)
    if callable(original):

        def execute(*args: Any, **kwargs: Any) -> Any:
            run_id = _current_run()
            if run_id is not None:
                with _lock:
                    _shell.add(run_id)
            return original(*args, **kwargs)

        backend.execute = execute


def wrote(run_id: str) -> tuple[set[str], bool]:
    """(the real paths this run's tool calls wrote, whether it ran a shell command)."""
    with _lock:
        return set(_wrote.get(run_id, ())), run_id in _shell


def written_by_others(run_id: str, real: str) -> bool:
    """Whether another run's tool call wrote this file."""
    with _lock:
        return bool(_writers.get(real, set()) - {run_id})


def forget_run(run_id: str, token: contextvars.Token[str | None] | None = None) -> None:
    """Drop what a run's part wrote (its end; a resume starts from the paths its stored events list), and give the
    thread back (`token`: what `writing_as` returned)."""
    if token is not None:
        try:
            _RUN.reset(token)
        except ValueError:  # set in another context: that context ends with it
            pass
    with _lock:
        for real in _wrote.pop(run_id, set()):
            runs = _writers.get(real)
            if runs is not None:
                runs.discard(run_id)
                if not runs:
                    del _writers[real]
        _shell.discard(run_id)


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

    def real(self, path: str) -> str:
        """Where a path as the agent sees it is on disk."""
        return _real(self.backend, path[len(self.prefix) :])

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
    run_id: str | None = None
    """The run whose writes are recorded (None: every change, as one run alone on the backend would have)."""

    @classmethod
    def of_graph(cls, graph: Any) -> BackendFiles | None:
        """The graph's filesystem backends (None when it writes to its state only), each watched from now on."""
        roots = list(_roots_of(graph))
        for root in roots:
            watch_backend(root.backend)
        return cls(roots) if roots else None

    def start(self, known: Iterable[str] = (), run_id: str | None = None) -> None:
        """Take the listing this part starts from (files that exist now are not the agent's writing)."""
        self.before = {}
        for root in self.roots:
            self.before.update(root.listing())
        self.known = set(known)
        self.run_id = run_id

    def _its_own(self, root: _Root, path: str) -> bool:
        """Whether a changed file is this run's writing (see the module docstring)."""
        if self.run_id is None or path in self.known:
            return True
        mine, shell = wrote(self.run_id)
        real = root.real(path)
        return real in mine or (shell and not written_by_others(self.run_id, real))

    def written(self) -> dict[str, str]:
        """{path: text} of every file this run wrote that is new or changed since `start` (and the known ones still
        there)."""
        out: dict[str, str] = {}
        for root in self.roots:
            now = root.listing()
            changed = [
                p
                for p, stamp in now.items()
                if (self.before.get(p) != stamp or p in self.known) and self._its_own(root, p)
            ]
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
