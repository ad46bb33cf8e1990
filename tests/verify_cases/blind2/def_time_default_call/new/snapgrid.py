"""Snap weights to a quantisation grid."""
import numpy as np


def uniform_grid(bits=8):
    return np.linspace(-1.0, 1.0, 2 ** bits, dtype=np.float32)


def snap(x, grid=uniform_grid(bits=4)):
    x = np.asarray(x, dtype=np.float32)
    idx = np.clip(np.searchsorted(grid, x), 1, len(grid) - 1)
    left, right = grid[idx - 1], grid[idx]
    return np.where(x - left < right - x, left, right)


def quantization_error(x, grid):
    return float(np.max(np.abs(snap(x, grid) - np.asarray(x, dtype=np.float32))))
