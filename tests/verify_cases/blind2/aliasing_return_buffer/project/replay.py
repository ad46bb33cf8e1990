"""A fixed-capacity replay buffer for observation vectors."""
import numpy as np


class Replay:
    def __init__(self, capacity, dim):
        self._obs = np.zeros((capacity, dim), dtype=np.float32)
        self._n = 0

    def add(self, obs):
        self._obs[self._n % len(self._obs)] = obs
        self._n += 1
        return self._n

    def contents(self):
        n = min(self._n, len(self._obs))
        return self._obs[:n].copy()

    def sample(self, rng, k):
        idx = rng.integers(0, min(self._n, len(self._obs)), size=k)
        return self._obs[idx]


def fill(capacity, rows):
    r = Replay(capacity, len(rows[0]))
    for row in rows:
        r.add(row)
    return r.contents()
