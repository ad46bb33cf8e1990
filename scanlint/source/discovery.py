"""Finding the files to check: Python files and notebooks under the given paths, with the
default and the user's exclusions and `.gitignore` files (gitignore-style patterns through
pathspec).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from scanlint.source.source_file import CHECKED_SUFFIXES

DEFAULT_EXCLUDE = (
    ".bzr", ".direnv", ".eggs", ".git", ".git-rewrite", ".hg", ".ipynb_checkpoints",
    ".mypy_cache", ".nox", ".pants.d", ".pytest_cache", ".pytype", ".ruff_cache",
    ".scanlint_cache", ".svn", ".tox", ".venv", ".vscode", "__pypackages__", "_build",
    "buck-out", "build", "dist", "node_modules", "site-packages", "venv",
)


@dataclass(frozen=True)
class Discovered:
    files: list[str]
    missing: list[str]


def discover(paths: list[str], exclude: tuple[str, ...] = (),
             respect_gitignore: bool = True, base: str | None = None,
             force_exclude: bool = False) -> Discovered:
    """Python files and notebooks under ``paths``; a file given explicitly is checked unless
    ``force_exclude`` (for pre-commit, which passes every staged file) and it is excluded.

    ``exclude`` holds gitignore-style patterns relative to ``base`` (the project root).
    """
    user_spec = _spec(exclude) if exclude else None  # pathspec is imported only when needed
    base = base or os.getcwd()
    files: list[str] = []
    missing: list[str] = []
    for given in paths:
        if os.path.isfile(given) or (not os.path.exists(given) and os.path.islink(given)):
            rel = os.path.relpath(os.path.abspath(given), base).replace(os.sep, "/")
            if force_exclude and ((user_spec is not None and user_spec.match_file(rel)) or any(
                    part in DEFAULT_EXCLUDE for part in rel.split("/")[:-1])):
                continue
            files.append(given)
        elif os.path.isdir(given):
            files.extend(_walk(given, user_spec, respect_gitignore, base))
        else:
            missing.append(given)
    seen: set[str] = set()
    unique = [f for f in files if not (f in seen or seen.add(f))]
    return Discovered(unique, missing)


def _spec(lines):
    import pathspec

    return pathspec.GitIgnoreSpec.from_lines(lines)


def _walk(root: str, user_spec, respect_gitignore: bool, base: str) -> Iterator[str]:
    ignores: list[tuple[str, object]] = []  # (folder, spec) from .gitignore files
    has_patterns = user_spec is not None and bool(user_spec.patterns)
    visited: set[tuple[int, int]] = set()
    for folder, dirs, names in os.walk(root, followlinks=False):
        stat = os.stat(folder)
        if (stat.st_dev, stat.st_ino) in visited:
            dirs[:] = []
            continue
        visited.add((stat.st_dev, stat.st_ino))
        gitignore = os.path.join(folder, ".gitignore")
        if respect_gitignore and os.path.isfile(gitignore):
            try:
                with open(gitignore, encoding="utf-8", errors="replace") as handle:
                    ignores.append((folder, _spec(handle)))
            except OSError:
                pass

        def ignored(path: str, is_dir: bool) -> bool:
            if not has_patterns and not ignores:
                return False
            rel_base = os.path.relpath(path, base).replace(os.sep, "/")
            if has_patterns and user_spec.match_file(rel_base + ("/" if is_dir else "")):
                return True
            for ignore_root, spec in ignores:
                if path.startswith(ignore_root.rstrip(os.sep) + os.sep):
                    rel = os.path.relpath(path, ignore_root).replace(os.sep, "/")
                    if spec.match_file(rel + ("/" if is_dir else "")):
                        return True
            return False

        dirs[:] = sorted(d for d in dirs if d not in DEFAULT_EXCLUDE
                         and not ignored(os.path.join(folder, d), True))
        for name in sorted(names):
            path = os.path.join(folder, name)
            # Symlinked files are skipped: inside the tree they duplicate a real file, outside
            # it they lead where --fix must not write.
            if (name.endswith(CHECKED_SUFFIXES) and not os.path.islink(path)
                    and not ignored(path, False)):
                yield path


def relative(path: str, root: str | None = None) -> str:
    try:
        rel = os.path.relpath(path, root or os.getcwd())
    except ValueError:
        return path
    return path if rel.startswith("..") else rel


def is_relative_to(path: str, folder: str) -> bool:
    return Path(os.path.abspath(path)).is_relative_to(os.path.abspath(folder))
