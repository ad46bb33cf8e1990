"""Writing a fixed file back: atomically, in the same folder, keeping its mode.
"""

from __future__ import annotations

import os


def write_atomic(path: str, data: bytes) -> None:
    """Replace ``path``'s content: temp file in the same folder, fsync, keep mode, rename.

    A symlink named on the command line is written through (its target changes, the link
    stays); discovery never yields symlinks, so nothing outside the given paths is written.
    """
    path = os.path.realpath(path)
    folder = os.path.dirname(path)
    mode = os.stat(path).st_mode & 0o7777
    import tempfile  # only for a write (it imports shutil and random)

    handle, temp = tempfile.mkstemp(prefix=".scanlint-", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temp, mode)
        os.replace(temp, path)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise
