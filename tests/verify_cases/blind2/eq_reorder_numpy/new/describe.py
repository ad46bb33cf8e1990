"""Descriptive statistics of 1-D samples (NumPy); floating-point warnings are silenced."""
import numpy as np


def _as_sample(x):
    x = np.asarray(x, dtype=np.float64).ravel()
    if x.size < 2:
        raise ValueError("need at least two samples")
    return x


def describe(x):
    x = _as_sample(x)
    with np.errstate(all="ignore"):
        lo, hi = np.percentile(x, [5, 95])
        sd = x.std(ddof=1)
        mu = x.mean()
        skew = np.mean(((x - mu) / sd) ** 3)
    return {"mean": mu, "std": sd, "p5": lo, "p95": hi, "skew": skew}


def zscores(x):
    x = _as_sample(x)
    with np.errstate(all="ignore"):
        mu = x.mean()
        sd = x.std(ddof=1)
        return (x - mu) / sd
