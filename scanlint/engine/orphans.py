"""Worker processes that end when their parent does, however it ends (SIGTERM from `timeout`
or an editor, SIGKILL, a crash), instead of waiting forever for work that will not come.

On Linux the kernel does it: `prctl(PR_SET_PDEATHSIG, SIGKILL)` asks for a SIGKILL when the
parent goes. Everywhere, a daemon thread also watches the parent's process id and exits when it
changes (the orphan is adopted by another process).
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time

PR_SET_PDEATHSIG = 1
WATCH_SECONDS = 0.5


def die_with_parent(parent: int | None = None) -> None:
    """Call first thing in a child process (a pool initializer, a `preexec_fn`)."""
    parent = parent or os.getppid()
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            ctypes.CDLL("libc.so.6", use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:  # the parent went before the request took hold
        os._exit(1)
    threading.Thread(target=_watch, args=(parent,), daemon=True, name="scanlint-parent").start()


def kill_with_parent() -> None:
    """A `preexec_fn` for subprocesses: the kernel's signal only (no thread after fork)."""
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            ctypes.CDLL("libc.so.6", use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        except (OSError, AttributeError):
            pass


def _watch(parent: int) -> None:
    while True:
        time.sleep(WATCH_SECONDS)
        if os.getppid() != parent:
            os._exit(1)
