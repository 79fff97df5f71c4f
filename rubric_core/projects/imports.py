"""Importing what a project file names: "module:attr" (the project root on sys.path) or "path/file.py:attr".

User code fails in every way user code can; each failure becomes a UserCodeError whose
message names the project file, the key and the attribute, and whose `user_traceback` is
the user's own frames (shown once: their code, their traceback).

Modules imported from a project are reloaded when one of their files changed since it was
imported (a long-lived worker process would otherwise keep running the old code):
`code_stamp` is part of the compiled-agent cache key.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import os
import sys
import threading
import traceback
from pathlib import Path
from types import ModuleType, TracebackType
from typing import Any

from rubric_core.projects.links import ProjectLinkError, guard_project_modules, observed, resolve_inside
from rubric_core.projects.project_file import Project, ProjectError, check_reference

_lock = threading.RLock()
_ROOT_PARTS = ("site-packages", "dist-packages", ".venv", "venv")
_OWN_DIR = Path(__file__).resolve().parents[1]
"""rubric_core: frames of ours are left out of a user's traceback."""


class UserCodeError(Exception):
    """The user's code (a factory, a tool, a module) failed; `user_traceback` is their part of the traceback."""

    def __init__(self, message: str, user_traceback: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.user_traceback = user_traceback


def user_traceback(exc: BaseException) -> str:
    """The traceback of `exc` from the first frame that is not Rubric Studio's or the import machinery's."""
    tb: TracebackType | None = exc.__traceback__
    while tb is not None:
        filename = tb.tb_frame.f_code.co_filename
        if not filename.startswith("<frozen") and not Path(filename).resolve().is_relative_to(_OWN_DIR):
            break
        tb = tb.tb_next
    return "".join(traceback.format_exception(type(exc), exc, tb)).rstrip()


def _module_files(project: Project) -> dict[str, Path]:
    """Modules of this process imported from the project (by name), with their files.

    String prefixes only: called for every run of a project's agent (the cache key), over thousands of
    modules, so no path is resolved here (a module's __file__ is absolute; the project root is resolved).
    """
    root = str(project.root) + os.sep
    known = _scans.get(root)
    if known is not None and known[0] == len(sys.modules) and all(n in sys.modules for n in known[1]):
        return dict(known[1])  # nothing imported or dropped since the last scan
    out: dict[str, Path] = {}
    for name, module in _modules_now():
        file = getattr(module, "__file__", None)
        if not isinstance(file, str) or not file.startswith(root):
            continue
        inside = file[len(root) :].split(os.sep)
        if not any(part in _ROOT_PARTS for part in inside):
            out[name] = Path(file)
    _scans[root] = (len(sys.modules), out)
    return dict(out)


def _modules_now() -> list[tuple[str, Any]]:
    """sys.modules' items now. Copying them allocates, which can run the garbage collector and a finalizer (Python
    code, during which another thread may take the interpreter and import): the copy then raises "dictionary
    changed size during iteration" (seen on a Dask worker running two project runs at once). It is taken again."""
    while True:
        try:
            return list(sys.modules.items())
        except RuntimeError:
            continue


_scans: dict[str, tuple[int, dict[str, Path]]] = {}
"""The last scan of sys.modules per project root: (how many modules there were, the project's among them)."""


def code_stamp(project: Project) -> str:
    """What the project's imported code is now: changes when a module file imported from it changes."""
    with _lock:
        parts = []
        for name, path in sorted(_module_files(project).items()):
            try:
                st = path.stat()
                parts.append(f"{name}|{path}|{st.st_mtime_ns}|{st.st_size}")
            except OSError:
                parts.append(f"{name}|{path}|gone")
        return hashlib.sha256("\n".join(parts).encode()).hexdigest()


_stamps: dict[Path, str] = {}
"""The code stamp of each project when its modules were last (re)imported here."""
_roots: set[Path] = set()
"""Every project root this process imported (or tried to import) code from."""


def _fresh(project: Project) -> None:
    """Forget the project's modules if any of their files changed since they were imported."""
    stamp = code_stamp(project)
    old = _stamps.get(project.root)
    if old is not None and old != stamp:
        for name in _module_files(project):
            sys.modules.pop(name, None)
        importlib.invalidate_caches()


def _forget_other_projects(project: Project, package: str) -> None:
    """Drop `package` from sys.modules when it was imported from another project this process loaded.

    One process serves one project in normal use; a long-lived worker may meet another (a Dask worker
    shared by two teams' dashboards), whose package of the same name must not stand in for this one's.
    """
    module = sys.modules.get(package)
    file = getattr(module, "__file__", None) if module is not None else None
    if not file:
        return
    path = Path(file).resolve()
    if path.is_relative_to(project.root):
        return
    if any(path.is_relative_to(other) for other in _roots if other != project.root):
        for name in [n for n in sys.modules if n == package or n.startswith(package + ".")]:
            sys.modules.pop(name, None)
        importlib.invalidate_caches()


def load_object(project: Project, ref: str, where: str) -> Any:
    """The object `ref` names ("module:attr" or "path/file.py:attr"); UserCodeError naming `where` and the file."""
    target, attr = check_reference(ref, where)
    with _lock:
        _fresh(project)
        root = str(project.root)
        if root in sys.path:
            sys.path.remove(root)
        sys.path.insert(0, root)  # this project's modules before any other project's of the same name
        if not target.endswith(".py"):
            _forget_other_projects(project, target.split(".")[0])
        _roots.add(project.root)
        guard_project_modules(project.root)
        module = _load_file(project, target, where) if target.endswith(".py") else _load_module(project, target, where)
        _stamps[project.root] = code_stamp(project)
    value: Any = module
    for part in attr.split("."):
        if not hasattr(value, part):
            file = getattr(module, "__file__", target)
            msg = f"{ref} ({where}): {file} has no attribute {attr!r}. Check the name after the colon."
            raise UserCodeError(msg)
        value = getattr(value, part)
    return value


def _load_module(project: Project, name: str, where: str) -> ModuleType:
    try:
        return importlib.import_module(name)
    except ProjectLinkError as exc:
        raise _link_refused(name, where, exc) from None
    except ModuleNotFoundError as exc:
        if exc.name and (name == exc.name or name.startswith(exc.name + ".")):
            msg = (
                f"Cannot import module {name!r} ({where}): no module {exc.name!r} under the project folder "
                f'{project.root} or in this environment. Check the module name, or use "path/to/file.py:attr".'
            )
            raise UserCodeError(msg) from None
        raise _failed_import(name, where, exc) from None
    except Exception as exc:  # noqa: BLE001 -- the user's module raised while it was imported
        link = _link_error_in(exc)
        if link is not None:  # a module it imports is a link out of the project: say that, not "it raised"
            raise _link_refused(name, where, link) from None
        raise _failed_import(name, where, exc) from None


def _link_error_in(exc: BaseException) -> ProjectLinkError | None:
    """The ProjectLinkError behind `exc` (raised by an import inside the user's module), if any."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        if isinstance(current, ProjectLinkError):
            return current
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return None


def _link_refused(name: str, where: str, exc: ProjectLinkError) -> UserCodeError:
    from rubric_core.words import sentence

    return UserCodeError(sentence(f"Refused to import {name} ({where}): {exc}"))


def _load_file(project: Project, relative: str, where: str) -> ModuleType:
    try:
        path = resolve_inside(project.root, relative, where)
    except ProjectError as exc:
        raise UserCodeError(str(exc)) from None
    if not path.is_file():
        msg = f"{relative} ({where}) is not a file: {path}."
        raise UserCodeError(msg)
    digest = hashlib.sha256(str(path).encode()).hexdigest()[:12]
    name = f"rubric_studio_project_{digest}_{path.stem}"
    module = sys.modules.get(name)
    if module is not None:
        return module
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        msg = f"{relative} ({where}) cannot be imported as a Python file."
        raise UserCodeError(msg)
    module = importlib.util.module_from_spec(spec)
    if str(path.parent) not in sys.path:
        sys.path.insert(0, str(path.parent))  # its sibling modules import as they would when run as a script
    sys.modules[name] = module
    try:
        observed(name, str(path), False)
        spec.loader.exec_module(module)
        observed(name, str(path), True)
    except BaseException as exc:
        sys.modules.pop(name, None)
        if isinstance(exc, KeyboardInterrupt | SystemExit):
            raise
        link = _link_error_in(exc)
        if link is not None:
            raise _link_refused(str(path), where, link) from None
        raise _failed_import(str(path), where, exc) from None
    return module


def _failed_import(what: str, where: str, exc: BaseException) -> UserCodeError:
    from rubric_core.words import sentence

    # "raised SyntaxError: invalid syntax (agent.py, line 3)": a sentence, so the next one does not run into it.
    msg = sentence(f"Importing {what} ({where}) raised {type(exc).__name__}: {exc}")
    return UserCodeError(msg, user_traceback(exc))
