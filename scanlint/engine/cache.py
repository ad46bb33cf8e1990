"""A result cache keyed by file content, path, settings and scanlint version, and an index
of what each file's `stat` was when it was last read, so that a warm run does not read
unchanged files.

Entries are written atomically (temp file + rename), so runs sharing the cache never read a
half-written entry; a damaged or unreadable entry counts as a miss. Reading an entry imports
nothing heavy: a run where every file hits never parses or imports LibCST.
"""

from __future__ import annotations

import hashlib
import json
import os
import time

from scanlint import __version__
from scanlint.core.diagnostic import Diagnostic, diagnostic_from_dict, diagnostic_to_dict
from scanlint.core.settings import Settings


def code_fingerprint() -> str:
    """scanlint's own source files (names, sizes, mtimes): an edited or upgraded scanlint
    never reads results its old code cached, even under the same version number."""
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # scanlint/
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
        # With the selection of what LibCST parses turned off (slicing.FULL_PARSE_VARIABLE,
        # not imported: a warm run stays light), results are computed afresh.
        self.salt = (f"{__version__}\0{code_fingerprint()}\0{settings.cache_key()}\0"
                     f"{os.environ.get('SCANLINT_FULL_PARSE', '')}\0")
        self.files = FileIndex(folder, self.salt)

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
        _write_atomic(self.folder, self._entry(key),
                      [diagnostic_to_dict(d) for d in diagnostics])


def _write_atomic(folder: str, path: str, data) -> None:
    """``data`` as JSON at ``path`` (temp file and rename), in a cache ``folder`` git ignores."""
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        gitignore = os.path.join(folder, ".gitignore")
        if not os.path.exists(gitignore):
            with open(gitignore, "w", encoding="utf-8") as out:
                out.write("# Created by scanlint\n*\n")
        import tempfile  # only for a write (it imports shutil and random)

        handle, temp = tempfile.mkstemp(dir=os.path.dirname(path), suffix=".tmp")
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(data, out)
        os.replace(temp, path)
    except OSError:
        pass  # a cache that cannot be written only costs time


# A file last changed this close to (or after) the moment it was read may change again
# within its timestamp's granularity (FAT: 2 s, ext3 and HFS+: 1 s) without its stat
# showing it: git's "racily clean" entries. Such a file's stat is not trusted; its content
# is read and hashed again next time.
RACY_NS = 2_000_000_000
NO_SITE = ""  # the key recorded for a file the text prefilter rejects: no diagnostics


class FileIndex:
    """Per file: its `stat` (device, inode, size, mtime and ctime in ns) when it was last
    read, when that was, and the cache key of its content (NO_SITE when it cannot hold a
    site). A warm run takes a file's result from here without reading it when the stat is
    the same and the file had not changed for RACY_NS before that read. Any write changes
    the ctime (which cannot be set back) and a replaced file has another inode, so an
    edited file is always read again, even one of the same size with its mtime restored."""

    def __init__(self, folder: str, salt: str) -> None:
        name = hashlib.sha256(salt.encode()).hexdigest()[:16]
        self.path = os.path.join(folder, "files", f"{name}.json")
        self.folder = folder
        self._entries: dict[str, list] | None = None
        self._changed = False

    def _loaded(self) -> dict[str, list]:
        if self._entries is None:
            try:
                with open(self.path, encoding="utf-8") as handle:
                    entries = json.load(handle)
                self._entries = entries if isinstance(entries, dict) else {}
            except (OSError, ValueError):
                self._entries = {}
        return self._entries

    @staticmethod
    def signature(stat: os.stat_result) -> list[int]:
        return [stat.st_dev, stat.st_ino, stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns]

    def key(self, path: str, stat: os.stat_result) -> str | None:
        """The content key recorded for ``path`` if its stat shows it unchanged, else None."""
        entry = self._loaded().get(os.path.abspath(path))
        if not (isinstance(entry, list) and len(entry) == 7):
            return None
        *recorded, read_at, key = entry
        signature = self.signature(stat)
        if recorded != signature or max(stat.st_mtime_ns, stat.st_ctime_ns) >= read_at - RACY_NS:
            return None
        return key if isinstance(key, str) else None

    def record(self, path: str, stat: os.stat_result, read_at: int, key: str) -> None:
        """``path`` had ``stat`` just before it was read at ``read_at`` (ns) and its content
        has cache key ``key``."""
        self._loaded()[os.path.abspath(path)] = [*self.signature(stat), read_at, key]
        self._changed = True

    def save(self) -> None:
        if self._changed:
            _write_atomic(self.folder, self.path, self._loaded())
            self._changed = False


def now_ns() -> int:
    return time.time_ns()
