"""The flake8 plugin: the same engine, the same findings, reported through flake8.

flake8 columns are 0-based offsets (it prints them +1), which is what the model holds. The
plugin takes flake8's own `ast` of the file (the engine would parse it again), and reads a
folder's settings once per flake8 process: flake8 checks a whole tree in one run, and
finding and parsing pyproject.toml again for each of its files cost more than checking most
of them.

flake8 runs every installed plugin on every file and filters the codes afterwards: a run
that selects no SCN code (`flake8 --select E731`) would pay for scanlint's checks anyway.
`parse_options` asks flake8's own decision engine (its `select`, `extend-select`, `ignore`,
`extend-ignore`, and the plugins' default selection) whether any of our codes can be
reported; when none can, `run` returns at once (benchmarks/flake8_overhead.py measures it).
"""

from __future__ import annotations

import functools
import os
import re
from typing import Iterator

from scanlint import __version__


class ScanlintChecker:
    name = "scanlint"
    version = __version__

    # Whether flake8 may report one of our codes; set by parse_options, once per process.
    selected = True

    def __init__(self, tree, filename: str, lines: list[str]) -> None:
        self.tree = tree
        self.filename = filename
        self.lines = lines

    @classmethod
    def parse_options(cls, options) -> None:
        cls.selected = any_code_selected(options)

    def run(self) -> Iterator[tuple[int, int, str, type]]:
        if not self.selected:
            return
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


def any_code_selected(options) -> bool:
    """Whether flake8, with these options, reports any scanlint code (flake8's own decision
    for each; a flake8 whose engine we cannot ask: yes)."""
    try:
        from flake8.style_guide import Decision, DecisionEngine

        engine = DecisionEngine(options)
        return any(engine.decision_for(code) is Decision.Selected for code in codes())
    except Exception:  # another flake8's internals: check, as before
        return True


def codes() -> list[str]:
    """Every rule code, read from the rule modules' file names (importing them would load
    LibCST, which a flake8 run that selects none of them should not pay for)."""
    folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "rules")
    return sorted(f"SCN{m.group(1)}" for name in os.listdir(folder)
                  if (m := re.match(r"scn(\d{3})_\w+\.py$", name)))
