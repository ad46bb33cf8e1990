"""Minimal metric recorder keeping its history in a shared keyword-only default."""
import numpy as np


def record(name, value, step=None, *, _log=[]):
    entry = (name, round(float(value), 4)) if step is None else (name, float(value), int(step))
    _log.append(entry)
    return len(_log)


def last(name, *, _log=record.__kwdefaults__["_log"]):
    for entry in reversed(_log):
        if entry[0] == name:
            return entry[1]
    return None


def track(metrics, step=None):
    return [record(k, np.asarray(v).mean(), step) for k, v in sorted(metrics.items())]
