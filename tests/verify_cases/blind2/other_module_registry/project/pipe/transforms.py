"""Column transforms, registered in pipe.core under their names and aliases."""
import numpy as np

from .core import get, register


@register("standardize", "zscore")
def standardize(x, eps=1e-8):
    x = np.asarray(x, dtype=np.float64)
    return (x - x.mean(axis=0)) / (x.std(axis=0) + eps)


@register("minmax", "scale01")
def minmax(x):
    x = np.asarray(x, dtype=np.float64)
    lo, hi = x.min(axis=0), x.max(axis=0)
    return (x - lo) / np.where(hi > lo, hi - lo, 1.0)


@register("log1p")
def log1p(x):
    return np.log1p(np.maximum(np.asarray(x, dtype=np.float64), 0.0))


def pipeline(x, names):
    for n in names:
        x = get(n)(x)
    return x
