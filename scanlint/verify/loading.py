"""Where a module lives for Python, and loading one version of it under its real name.

`locate_module` and `project_root` run in scanlint's own process (files and folders only).
`SourceFinder` runs inside the verify sessions: an import hook that serves a given source
text for one dotted module name, so a version of `pkg/mod.py` is `pkg.mod`, its relative and
sibling imports resolve as they do in the project, and every importer (the package's
`__init__`, the tests) gets that version.
"""

from __future__ import annotations

import importlib.abc
import importlib.util
import linecache
import os
import sys
from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class ModuleLocation:
    name: str  # the dotted name the project imports it by: optax._src.linear_algebra
    import_root: str  # the sys.path entry that name is imported from
    path: str  # the file, absolute
    is_package: bool = False  # an __init__.py


def locate_module(path: str, root: str | None = None) -> ModuleLocation:
    """The dotted name of ``path``: from the highest folder up to the project root (``root``;
    default: `project_root`) holding an `__init__.py`, so namespace folders between packages
    (optax's `_src`) are part of the name; outside the root, up to the first folder without
    one. A file outside any package is imported from its own folder; one whose name cannot be
    imported keeps a private name."""
    path = os.path.abspath(path)
    root = os.path.abspath(root or project_root(path))
    folder, base = os.path.split(path)
    is_package = base == "__init__.py"
    inside = is_within(folder, root)  # outside the project: packages up to the first gap
    top = None
    probe = folder
    while True:
        if os.path.isfile(os.path.join(probe, "__init__.py")):
            top = probe
        elif not inside:
            break
        parent = os.path.dirname(probe)
        if probe == root or parent == probe:
            break
        probe = parent
    import_root = os.path.dirname(top) if top else folder
    relative = os.path.relpath(folder if is_package else os.path.splitext(path)[0], import_root)
    parts = [] if relative == os.curdir else relative.split(os.sep)
    if not parts or not all(part.isidentifier() for part in parts):
        stem = os.path.splitext(base)[0]
        private = "scanlint_verify_" + "".join(c if c.isalnum() else "_" for c in stem)
        return ModuleLocation(private, folder, path)
    return ModuleLocation(".".join(parts), import_root, path, is_package)


def is_within(folder: str, root: str) -> bool:
    return os.path.commonpath([folder, root]) == root


def project_root(start: str) -> str:
    """The folder the tests run from: the nearest pyproject.toml's at or above ``start``,
    else the git root, else the current folder."""
    from scanlint.source.gitdiff import repo_root

    folder = os.path.abspath(start)
    if not os.path.isdir(folder):
        folder = os.path.dirname(folder)
    probe = folder
    while True:
        if os.path.isfile(os.path.join(probe, "pyproject.toml")):
            return probe
        parent = os.path.dirname(probe)
        if parent == probe:
            break
        probe = parent
    return repo_root(folder) or os.getcwd()


def subprocess_env(import_roots: list[str]) -> dict:
    """The environment of a subprocess that imports the project: its import roots first
    (the working tree wins over an installed copy), scanlint itself last."""
    env = dict(os.environ)
    scanlint_home = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    paths = [*dict.fromkeys(import_roots), *filter(None, [env.get("PYTHONPATH")]), scanlint_home]
    env["PYTHONPATH"] = os.pathsep.join(paths)
    return env


# -- inside the sessions ------------------------------------------------------------------
@dataclass(frozen=True)
class ModuleSource:
    location: ModuleLocation
    source: str
    # source, path -> code object: the session puts its probes in this way
    compile: Callable[[str, str], object] | None = None
    extra_globals: dict | None = None  # set in the module before its code runs
    execute: Callable[[object, object], None] | None = None  # (code, module): runs the code


class SourceFinder(importlib.abc.MetaPathFinder):
    """Serves ``modules`` (dotted name -> ModuleSource) ahead of every other finder."""

    def __init__(self, modules: dict[str, ModuleSource]) -> None:
        self.modules = modules
        self.loaded: set[str] = set()

    def find_spec(self, fullname, path=None, target=None):
        found = self.modules.get(fullname)
        if found is None:
            return None
        location = found.location
        search = [os.path.dirname(location.path)] if location.is_package else None
        return importlib.util.spec_from_file_location(
            fullname, location.path, loader=SourceLoader(found, self),
            submodule_search_locations=search)

    def install(self) -> None:
        sys.meta_path.insert(0, self)


class SourceLoader(importlib.abc.InspectLoader):
    def __init__(self, found: ModuleSource, finder: SourceFinder) -> None:
        self.found = found
        self.finder = finder

    def create_module(self, spec):
        return None  # the default module object

    def exec_module(self, module) -> None:
        found = self.found
        module.__dict__.update(found.extra_globals or {})
        compile_ = found.compile or (lambda source, path: compile(source, path, "exec"))
        code = compile_(found.source, found.location.path)
        # What the program reads of its own source (inspect.getsource, a traceback) is the
        # version served, not the file on disk (no modification time: never reloaded).
        linecache.cache[found.location.path] = (
            len(found.source), None, found.source.splitlines(keepends=True),
            found.location.path)
        self.finder.loaded.add(found.location.name)
        if found.execute is not None:
            found.execute(code, module)
        else:
            exec(code, module.__dict__)

    def get_source(self, fullname):
        return self.found.source

    def is_package(self, fullname) -> bool:
        return self.found.location.is_package
