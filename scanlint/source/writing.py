"""Writing a fixed file back: only what the user could write, keeping the file's mode, owner,
group and hard links, and never leaving a half-written file behind.

- A file the user cannot write (read-only, or owned by someone else) is refused with
  `WriteRefused` ("Permission denied"), as ruff and black refuse it: replacing it through its
  folder would be a write the user could not have made.
- Otherwise, when replacing the file by rename keeps everything (one link, the user's own
  file and group), the new text goes to a temp file in the same folder, is synced and renamed
  over the file: atomic, so a reader or a crash sees the old file or the new one.
- When a rename would change something (a hard link to the file would keep the old text; the
  file's group is not the user's), the file's old text is first copied to the system's temp
  folder (synced, read back equal), then the new text is written into the file itself: its
  inode, owner, group, mode and links stay. A write that fails puts the old text back; a
  process killed halfway leaves the copy (`scanlint-backup-NAME-*.py`) to restore from.
"""

from __future__ import annotations

import os


class WriteRefused(OSError):
    """The user cannot write this file; nothing was written."""


def write_back(path: str, data: bytes) -> None:
    """Replace ``path``'s content with ``data`` (see the module's docstring).

    A symlink named on the command line is written through (its target changes, the link
    stays); discovery never yields symlinks, so nothing outside the given paths is written.
    """
    path = os.path.realpath(path)
    stat = os.stat(path)
    if not _may(path, os.W_OK):
        raise WriteRefused(13, "Permission denied: the file is not writable", path)
    renamable = stat.st_nlink == 1 and (not hasattr(os, "geteuid") or (
        stat.st_uid == os.geteuid() and stat.st_gid == os.getegid()))
    if renamable and _may(os.path.dirname(path), os.W_OK | os.X_OK):
        _replace_by_rename(path, data, stat.st_mode & 0o7777)
    else:
        _write_in_place(path, data)


def _may(path: str, mode: int) -> bool:
    """Whether the user scanlint runs as (its effective ids) may do ``mode`` on ``path``."""
    return os.access(path, mode, effective_ids=os.access in os.supports_effective_ids)


def _replace_by_rename(path: str, data: bytes, mode: int) -> None:
    import tempfile  # only for a write (it imports shutil and random)

    handle, temp = tempfile.mkstemp(prefix=".scanlint-", suffix=".tmp",
                                    dir=os.path.dirname(path))
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temp, mode)
        os.replace(temp, path)
    except BaseException:
        _remove(temp)
        raise


def _write_in_place(path: str, data: bytes) -> None:
    with open(path, "rb") as handle:
        old = handle.read()
    backup = _verified_copy(old, os.path.basename(path))
    with open(path, "r+b") as out:
        try:
            out.truncate(0)
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        except BaseException:
            out.seek(0)
            out.truncate(0)
            out.write(old)
            out.flush()
            os.fsync(out.fileno())
            raise
    _remove(backup)


def _verified_copy(data: bytes, name: str) -> str:
    """``data`` in a temp file of the system's temp folder (the file's own folder may be
    read-only), synced and read back equal."""
    import tempfile  # only for a write (it imports shutil and random)

    stem, suffix = os.path.splitext(name)
    handle, copy = tempfile.mkstemp(prefix=f"scanlint-backup-{stem}-", suffix=suffix)
    try:
        with os.fdopen(handle, "w+b") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
            out.seek(0)
            if out.read() != data:
                raise OSError(5, "the backup copy did not read back as written", copy)
    except BaseException:
        _remove(copy)
        raise
    return copy


def _remove(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass
