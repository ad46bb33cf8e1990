"""Lightweight call-time profiler that prints a summary when the process exits."""
import atexit
import time

_TIMINGS = {}
_ENABLED = []


def _report():
    for name, ts in sorted(_TIMINGS.items()):
        print(f"[profile] {name}: {len(ts)} calls")


def enable():
    if not _ENABLED:
        atexit.register(_report)
        _ENABLED.append(True)
    return True


def timed(name, fn, *args):
    t0 = time.perf_counter()
    out = fn(*args)
    _TIMINGS.setdefault(name, []).append(time.perf_counter() - t0)
    return out
