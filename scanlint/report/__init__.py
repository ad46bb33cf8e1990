"""Output formats: each a pure function from diagnostics (plus context) to text.

A format module defines `NAME` and `render(diagnostics, ctx) -> str`; this package finds them.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable

from scanlint.diagnostic import Diagnostic


@dataclass(frozen=True)
class ReportContext:
    cwd: str = field(default_factory=os.getcwd)
    unsafe_fixes: bool = False  # whether unsafe fixes count as applicable ([*])
    sources: dict[str, str] = field(default_factory=dict)  # path -> text, for formats that quote

    def display_path(self, path: str) -> str:
        if path == "-":
            return path
        try:
            rel = os.path.relpath(path, self.cwd)
        except ValueError:
            return path
        return path if rel.startswith("..") else rel

    def absolute_path(self, path: str) -> str:
        return path if path == "-" else os.path.abspath(os.path.join(self.cwd, path))

    def applicable(self, diagnostic: Diagnostic) -> bool:
        fix = diagnostic.fix
        return fix is not None and (fix.applicability == "safe" or self.unsafe_fixes)


Renderer = Callable[[list[Diagnostic], ReportContext], str]


@lru_cache(maxsize=1)
def formats() -> dict[str, Renderer]:
    found = {}
    for info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{info.name}")
        if hasattr(module, "NAME") and hasattr(module, "render"):
            found[module.NAME] = module.render
    return found
