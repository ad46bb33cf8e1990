"""A result cache keyed by file content, path, settings and scanlint version.

Entries are written atomically (temp file + rename), so runs sharing the cache never read a
half-written entry; a damaged or unreadable entry counts as a miss. Reading an entry imports
nothing heavy: a run where every file hits never parses or imports LibCST.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile

from scanlint import __version__
from scanlint.diagnostic import Diagnostic, diagnostic_from_dict, diagnostic_to_dict
from scanlint.settings import Settings


def code_fingerprint() -> str:
    """scanlint's own source files (names, sizes, mtimes): an edited or upgraded scanlint
    never reads results its old code cached, even under the same version number."""
    package = os.path.dirname(os.path.abspath(__file__))
    digest = hashlib.sha256()
    for folder, _dirs, names in sorted(os.walk(package)):
        for name in sorted(n for n in names if n.endswith(".py")):
            stat = os.stat(os.path.join(folder, name))
            digest.update(f"{folder[len(package):]}/{name}:{stat.st_size}:{stat.st_mtime_ns}"
                          .encode())
    return digest.hexdigest()[:16]


class ResultCache:
    def __init__(self, folder: str, settings: Settings) -> None:
        self.folder = folder
        self.salt = f"{__version__}\0{code_fingerprint()}\0{settings.cache_key()}\0"

    def key(self, path: str, data: bytes) -> str:
        digest = hashlib.sha256(self.salt.encode())
        digest.update(os.path.abspath(path).encode("utf-8", "surrogateescape") + b"\0")
        digest.update(data)
        return digest.hexdigest()

    def _entry(self, key: str) -> str:
        return os.path.join(self.folder, key[:2], key[2:] + ".json")

    def get(self, key: str) -> list[Diagnostic] | None:
        try:
            with open(self._entry(key), encoding="utf-8") as handle:
                return [diagnostic_from_dict(d) for d in json.load(handle)]
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def put(self, key: str, diagnostics: list[Diagnostic]) -> None:
        entry = self._entry(key)
        try:
            os.makedirs(os.path.dirname(entry), exist_ok=True)
            self._mark_folder()
            handle, temp = tempfile.mkstemp(dir=os.path.dirname(entry), suffix=".tmp")
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                json.dump([diagnostic_to_dict(d) for d in diagnostics], out)
            os.replace(temp, entry)
        except OSError:
            pass  # a cache that cannot be written only costs time

    def _mark_folder(self) -> None:
        gitignore = os.path.join(self.folder, ".gitignore")
        if not os.path.exists(gitignore):
            with open(gitignore, "w", encoding="utf-8") as out:
                out.write("# Created by scanlint\n*\n")
