"""The flake8 plugin: the same engine, the same findings, reported through flake8.

flake8 columns are 0-based offsets (it prints them +1), which is what the model holds. The
plugin takes flake8's own `ast` of the file (the engine would parse it again), and reads a
folder's settings once per flake8 process: flake8 checks a whole tree in one run, and
finding and parsing pyproject.toml again for each of its files cost more than checking most
of them.
"""

from __future__ import annotations

import functools
import os
from typing import Iterator

from scanlint import __version__


class ScanlintChecker:
    name = "scanlint"
    version = __version__

    def __init__(self, tree, filename: str, lines: list[str]) -> None:
        self.tree = tree
        self.filename = filename
        self.lines = lines

    def run(self) -> Iterator[tuple[int, int, str, type]]:
        from scanlint.engine.check import check_text

        folder = (os.path.dirname(os.path.abspath(self.filename))
                  if self.filename not in ("-", "stdin") else os.getcwd())
        settings, error = _settings_of(folder)
        if error is not None:
            yield 1, 0, f"SCN900 scanlint settings: {error}", type(self)
            return
        for d in check_text("".join(self.lines), self.filename, settings, self.tree):
            yield d.start.line, d.start.column, f"{d.code} {d.message}", type(self)


@functools.lru_cache(maxsize=256)
def _settings_of(folder: str):
    """(the settings for files in ``folder``, None) or (None, what is wrong with them)."""
    from scanlint.engine.config import ConfigError, find_pyproject, load_settings

    try:
        return load_settings(find_pyproject(folder), folder), None
    except ConfigError as error:
        return None, error
