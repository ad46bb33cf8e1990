"""Streaming statistics object updated one value at a time."""
import math


class RunningStats:
    def __init__(self):
        self.n = 0
        self.total = 0.0
        self.sq = 0.0
        self.lo = math.inf

    def push(self, x):
        x = float(x)
        lo = min(self.lo, x)
        sq = x * x
        self.n += 1
        self.total += x
        self.sq += sq
        self.lo = lo
        return self.n

    def mean(self):
        return self.total / self.n

    def var(self):
        return self.sq / self.n - self.mean() ** 2


def stats_of(xs):
    s = RunningStats()
    for x in xs:
        s.push(x)
    return s.mean(), s.var(), s.lo
