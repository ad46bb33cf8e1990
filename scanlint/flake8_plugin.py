"""The flake8 plugin: the same engine, the same findings, reported through flake8.

flake8 columns are 0-based offsets (it prints them +1), which is what the model holds.
"""

from __future__ import annotations

import os
from typing import Iterator

from scanlint import __version__


class ScanlintChecker:
    name = "scanlint"
    version = __version__

    def __init__(self, tree, filename: str, lines: list[str]) -> None:
        self.filename = filename
        self.lines = lines

    def run(self) -> Iterator[tuple[int, int, str, type]]:
        from scanlint.config import ConfigError, find_pyproject, load_settings
        from scanlint.engine import check_text

        try:
            settings = load_settings(find_pyproject(os.path.dirname(os.path.abspath(
                self.filename)) if self.filename not in ("-", "stdin") else os.getcwd()))
        except ConfigError as error:
            yield 1, 0, f"SCN900 scanlint settings: {error}", type(self)
            return
        for d in check_text("".join(self.lines), self.filename, settings):
            yield d.start.line, d.start.column, f"{d.code} {d.message}", type(self)
