"""Paths and modules of a project, resolved against the project folder: a link never leads out of it or in circles.

The rule is general, not a list of cases: every path the project file (or a dataset item) names,
every file a folder walk reaches and every module imported from the project folder is resolved
through its links first, and must land inside the project folder. One that leads outside is
refused, naming the link; a link that loops is said to loop; a folder walk never follows a link
to a folder it already visited (it says which link it skipped).
"""

from __future__ import annotations

import errno
import importlib.abc
import importlib.machinery
import os
import sys
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from rubric_core.projects.project_file import ProjectError, check_relative

_ENVIRONMENT_PARTS = frozenset({"site-packages", "dist-packages"})
"""A module found under these (a virtual environment kept in the project folder) is the environment's, not the
project's: installed packages are not held to the project's links."""


class ProjectLinkError(ImportError):
    """A module of the project folder is a link (or sits under one) that leads outside the folder or loops."""


def _real(path: Path) -> Path:
    """`path` through every link; OSError (ELOOP for a loop, ENOENT for nothing there)."""
    return Path(os.path.realpath(path, strict=True))


def _loops(exc: OSError) -> bool:
    return exc.errno == errno.ELOOP


def _link_on_the_way(root: Path, lexical: Path) -> tuple[Path, str] | None:
    """The first link on the way from `root` to `lexical` that loops or leads outside `root`, and where it points."""
    try:
        parts = lexical.relative_to(root).parts
    except ValueError:
        return None
    current = root
    for part in parts:
        current = current / part
        if not current.is_symlink():
            continue
        try:
            target = os.readlink(current)
        except OSError:
            target = "?"
        try:
            real = _real(current)
        except OSError as exc:
            if _loops(exc):
                return current, target
            continue
        if not real.is_relative_to(root):
            return current, target
    return None


def resolve_inside(root: Path, relative: str, where: str) -> Path:
    """The real path of `relative` (a path the project names), which must exist inside `root` (ProjectError).

    `root` is the project folder, resolved. The message names the link that leads outside or loops.
    """
    check_relative(relative, where)
    lexical = root / relative
    try:
        real = _real(lexical)
    except OSError as exc:
        if _loops(exc):
            found = _link_on_the_way(root, lexical)
            link = f"the link {found[0]} (-> {found[1]})" if found else "a link on the way"
            msg = (
                f"{relative!r} ({where}) loops: {link} leads back to itself, so it names no file or folder. "
                "Replace the link with the file or folder it should name."
            )
            raise ProjectError(msg) from None
        msg = f"{relative!r} ({where}) does not exist in the project folder {root}."
        raise ProjectError(msg) from None
    if not real.is_relative_to(root):
        raise ProjectError(_outside(root, relative, where, lexical, real))
    return real


def _outside(root: Path, relative: str, where: str, lexical: Path, real: Path) -> str:
    found = _link_on_the_way(root, lexical)
    link = f"through the link {found[0]} (-> {found[1]})" if found else "through a link"
    return (
        f"{relative!r} ({where}) leads outside the project folder {root}, {link} to {real}. Rubric Studio reads "
        "only from the project folder: copy what it needs into the folder instead of linking to it."
    )


@dataclass
class FolderWalk:
    """The files under a folder of the project, each resolved inside it, and the links the walk did not follow."""

    files: list[Path] = field(default_factory=list)
    """Each file reached, by the path the agent will see it under (lexical, under the folder walked)."""
    skipped: list[str] = field(default_factory=list)
    """One sentence per link not followed (a folder already visited, a loop)."""


def walk_folder(
    root: Path, folder: Path, where: str, *, skip_names: frozenset[str] = frozenset(), limit: int = 0
) -> FolderWalk:
    """Every file under `folder` (inside `root`), each real path inside `root`.

    A link to a file or folder outside `root` is refused (ProjectError naming it); a link to a folder this walk
    already entered (`self -> .`, a link to a parent) is not followed, and a link that loops is skipped, each said
    in `skipped`. `limit` > 0 stops the walk once it found more files than that (the caller refuses the count).
    """
    walk = FolderWalk()
    visited: set[Path] = set()

    def visit(lexical: Path, real: Path) -> None:
        visited.add(real)
        try:
            entries = sorted(os.scandir(lexical), key=lambda e: e.name)
        except OSError as exc:
            msg = f"Cannot read the folder {lexical} ({where}): {exc.strerror or exc}."
            raise ProjectError(msg) from None
        # The folder's own files and folders first, then its links: a folder reached both ways is read under its
        # own name, and the link to it is the one skipped.
        entries.sort(key=lambda e: e.is_symlink())
        for entry in entries:
            if limit and len(walk.files) > limit:
                return
            path = lexical / entry.name
            if entry.is_symlink():
                try:
                    target_real = _real(path)
                except OSError as exc:
                    if _loops(exc):
                        walk.skipped.append(f"{path} (a link that loops: it leads back to itself)")
                        continue
                    walk.skipped.append(f"{path} (a link to nothing: {os.readlink(path)})")
                    continue
                if not target_real.is_relative_to(root):
                    rel = path.relative_to(root).as_posix()
                    raise ProjectError(_outside(root, rel, where, path, target_real))
                if target_real.is_dir():
                    if entry.name in skip_names:
                        continue
                    if target_real in visited:
                        walk.skipped.append(f"{path} (a link to the folder {target_real}, already read)")
                        continue
                    visit(path, target_real)
                elif target_real.is_file():
                    walk.files.append(path)
                continue
            if entry.is_dir(follow_symlinks=False):
                if entry.name in skip_names:
                    continue
                real_dir = real / entry.name
                if real_dir in visited:
                    walk.skipped.append(f"{path} (the folder {real_dir}, already read through a link)")
                else:
                    visit(path, real_dir)
            elif entry.is_file(follow_symlinks=False):
                walk.files.append(path)

    visit(folder, _real(folder))
    return walk


# ---- modules --------------------------------------------------------------------------------------------------

_guard_lock = threading.Lock()
_guarded: set[str] = set()
"""Project roots (each ending in the path separator) whose modules are held to the folder."""


def guard_project_modules(root: Path) -> None:
    """From now on in this process, a module found inside `root` must really be inside it (links resolved).

    Installed once, just before the path finder: it looks the module up as the import system would and refuses
    one whose file (or package folder) is a link leading outside the project folder or looping, before any of
    its code runs. Modules outside the folder (the environment, the standard library) are not its business.
    """
    with _guard_lock:
        _guarded.add(str(root) + os.sep)
        if not any(isinstance(f, _ProjectGuard) for f in sys.meta_path):
            at = next(
                (i for i, f in enumerate(sys.meta_path) if f is importlib.machinery.PathFinder), len(sys.meta_path)
            )
            sys.meta_path.insert(at, _ProjectGuard())


def check_module_file(file: str) -> None:
    """ProjectLinkError when `file` lies in a guarded project folder and its links lead outside it or loop."""
    for root in tuple(_guarded):
        if not file.startswith(root):
            continue
        inside = file[len(root) :].split(os.sep)
        if any(part in _ENVIRONMENT_PARTS for part in inside):
            return
        base = Path(root.rstrip(os.sep))
        try:
            real = _real(Path(file))
        except OSError as exc:
            if not _loops(exc):
                return  # not there: the import system says so
            found = _link_on_the_way(base, Path(file))
            link = f"the link {found[0]} (-> {found[1]})" if found else f"a link on the way to {file}"
            msg = f"The module file {file} loops: {link} leads back to itself. Replace the link with the file."
            raise ProjectLinkError(msg) from None
        if not real.is_relative_to(base):
            found = _link_on_the_way(base, Path(file))
            link = f"through the link {found[0]} (-> {found[1]})" if found else "through a link"
            msg = (
                f"The module file {file} leads outside the project folder {base}, {link} to {real}. Rubric Studio "
                "imports a project's code from the project folder only: copy the module into the folder (or install "
                "it as a package in the environment) instead of linking to it."
            )
            raise ProjectLinkError(msg)


ImportObserver = Callable[[str, str, bool], None]
"""Told (module name, file, done) when a project module starts and ends its import."""
_observer: list[ImportObserver] = []


def observe_project_imports(observer: ImportObserver) -> None:
    """Tell `observer` when each module of a guarded project starts and finishes importing (the describe child
    reports them, so a module that hangs at import is named)."""
    _observer[:] = [observer]


def observed(name: str, file: str, done: bool) -> None:
    """Report a project module's import to the observer, if any."""
    for observer in _observer:
        observer(name, file, done)


def _in_guarded(file: str) -> bool:
    return any(file.startswith(root) for root in _guarded)


class _ProjectGuard(importlib.abc.MetaPathFinder):
    """Looks a module up ahead of the path finder and refuses it when the project's links lead it outside."""

    def find_spec(self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None) -> Any:
        if not _guarded:
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path, target)
        if spec is None:
            return None
        if spec.has_location and isinstance(spec.origin, str):
            check_module_file(spec.origin)
        for location in spec.submodule_search_locations or ():
            check_module_file(str(location))
        if _observer and isinstance(spec.origin, str) and _in_guarded(spec.origin) and spec.loader is not None:
            spec.loader = _ObservedLoader(spec.loader, fullname, spec.origin)
            return spec
        return None  # found and fine: the path finder, next in line, imports it as usual


class _ObservedLoader(importlib.abc.Loader):
    """A project module's loader that reports when its import starts and ends (everything else is the loader's)."""

    def __init__(self, loader: Any, name: str, file: str) -> None:
        self._loader, self._name, self._file = loader, name, file

    def create_module(self, spec: Any) -> Any:
        return self._loader.create_module(spec)

    def exec_module(self, module: ModuleType) -> None:
        observed(self._name, self._file, False)
        self._loader.exec_module(module)
        observed(self._name, self._file, True)

    def __getattr__(self, name: str) -> Any:  # get_source, get_code...: tracebacks read the module's lines
        return getattr(self._loader, name)
