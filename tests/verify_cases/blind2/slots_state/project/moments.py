"""Welford running mean / variance in a slotted accumulator."""
import numpy as np


class RunningMoments:
    __slots__ = ("n", "mean", "m2")

    def __init__(self, dim):
        self.n = 0
        self.mean = np.zeros(dim)
        self.m2 = np.zeros(dim)

    def update(self, x):
        x = np.asarray(x, dtype=np.float64)
        self.n += 1
        delta = x - self.mean
        self.mean = self.mean + delta / self.n
        self.m2 = self.m2 + delta * (x - self.mean)
        return self.mean.copy()

    def variance(self):
        return self.m2 / max(self.n - 1, 1)


def moments(rows):
    acc = RunningMoments(len(rows[0]))
    for r in rows:
        acc.update(r)
    return acc.mean, acc.variance()
