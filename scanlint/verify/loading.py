"""Where a module lives for Python, and loading one version of it under its real name.

`locate_module` and `project_root` run in scanlint's own process (files and folders only).
`SourceFinder` runs inside the verify subprocesses: an import hook that serves a given source
text for one dotted module name, so a version of `pkg/mod.py` is `pkg.mod`, its relative and
sibling imports resolve as they do in the project, and every importer (the package's
`__init__`, the tests) gets that version.
"""

from __future__ import annotations

import importlib.abc
import importlib.util
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


def locate_module(path: str) -> ModuleLocation:
    """The dotted name of ``path``: its folders up to the first one without `__init__.py`.
    A file whose name cannot be imported keeps a private name, imported from its folder."""
    path = os.path.abspath(path)
    folder, base = os.path.split(path)
    stem = os.path.splitext(base)[0]
    is_package = base == "__init__.py"
    parts = [] if is_package else [stem]
    while os.path.isfile(os.path.join(folder, "__init__.py")):
        parts.insert(0, os.path.basename(folder))
        folder = os.path.dirname(folder)
    if not parts or not all(part.isidentifier() for part in parts):
        private = "scanlint_verify_" + "".join(c if c.isalnum() else "_" for c in stem)
        return ModuleLocation(private, os.path.dirname(path), path)
    return ModuleLocation(".".join(parts), folder, path, is_package)


def project_root(start: str) -> str:
    """The folder the tests run from: the nearest pyproject.toml's at or above ``start``,
    else the git root, else the current folder."""
    from scanlint.gitdiff import repo_root

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


# -- inside the subprocesses ---------------------------------------------------------------
@dataclass(frozen=True)
class ModuleSource:
    location: ModuleLocation
    source: str
    # source, path -> code object; the recorder wraps the entry functions this way
    compile: Callable[[str, str], object] | None = None
    extra_globals: dict | None = None  # set in the module before its code runs


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
        self.finder.loaded.add(found.location.name)
        exec(code, module.__dict__)

    def get_source(self, fullname):
        return self.found.source

    def is_package(self, fullname) -> bool:
        return self.found.location.is_package
