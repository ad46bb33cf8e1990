"""A file's source as scanlint checks it: its path, its text and the encoding to write it back
in; for a notebook, the notebook its text (the code cells' Python) came from.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scanlint.source.notebook import NotebookFile

PYTHON_SUFFIXES = (".py", ".pyi")
NOTEBOOK_SUFFIX = ".ipynb"
CHECKED_SUFFIXES = (*PYTHON_SUFFIXES, NOTEBOOK_SUFFIX)  # what folders are walked for
# Larger files are reported (SCN900) rather than parsed: LibCST needs several times the
# file's size in memory, and no hand-written module comes near this.
MAX_FILE_BYTES = 20 * 1024 * 1024
# A notebook's outputs (images, tables) can be far larger than its code, which the notebook
# reader holds to MAX_FILE_BYTES.
MAX_NOTEBOOK_BYTES = 256 * 1024 * 1024


class SourceError(Exception):
    """A file that cannot be read or decoded as Python source."""


@dataclass(frozen=True)
class SourceFile:
    path: str
    text: str
    encoding: str  # as tokenize.detect_encoding names it ("utf-8-sig" keeps a BOM)
    notebook: "NotebookFile | None" = None  # for a notebook: text is its code cells' Python


def is_notebook(path: str) -> bool:
    return path.lower().endswith(NOTEBOOK_SUFFIX)
