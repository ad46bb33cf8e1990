"""Image preprocessing helpers (NumPy, float32)."""
import numpy as np


def clip_(x, lo, hi):
    """Clip x into [lo, hi] in place and return it."""
    return np.clip(x, lo, hi, out=x)


def standardize_images(batch, mean, std, clip=3.0):
    batch = np.asarray(batch, dtype=np.float32)
    z = (batch - mean) / std
    return clip_(z, -clip, clip)


def quantize(x, levels=256, lo=-1.0, hi=1.0):
    x = clip_(x, lo, hi)
    q = np.round((x - lo) / (hi - lo) * (levels - 1))
    return q.astype(np.int32)
