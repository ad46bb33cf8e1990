"""Random Fourier features with a per-dimension cache of projection matrices."""
import numpy as np


class RFF:
    def __init__(self, n_features, gamma=1.0, seed=0):
        self.n_features = n_features
        self.gamma = gamma
        self.seed = seed
        self._proj = {}

    def __getstate__(self):
        state = dict(self.__dict__)
        state["_proj"] = {}          # projections are rebuilt on demand
        return state

    def _projection(self, d):
        cached = self._proj.get(d)
        if cached is not None:
            return cached
        rng = np.random.default_rng(self.seed + d)
        w = rng.normal(scale=np.sqrt(2 * self.gamma), size=(d, self.n_features))
        b = rng.uniform(0, 2 * np.pi, size=self.n_features)
        self._proj[d] = (w.astype(np.float32), b)  # halve the cache's memory
        return w, b

    def transform(self, x):
        x = np.atleast_2d(np.asarray(x, dtype=np.float64))
        w, b = self._projection(x.shape[1])
        return np.sqrt(2.0 / self.n_features) * np.cos(x @ w + b)
