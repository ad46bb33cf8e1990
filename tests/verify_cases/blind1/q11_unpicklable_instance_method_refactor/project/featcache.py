"""Polynomial features of a squashed input, safe to share across threads."""
import threading
import jax.numpy as jnp


class Featurizer:
    def __init__(self, dim, scale=1.0):
        self._lock = threading.Lock()
        self.transform = lambda x: jnp.tanh(scale * x)
        self.dim = dim
        self.calls = 0

    def featurize(self, x):
        with self._lock:
            self.calls += 1
        z = self.transform(x)
        return jnp.concatenate([z, z * z, z * z * z], axis=-1)

    def out_dim(self):
        return 3 * self.dim


def featurize_all(f, xs):
    return jnp.stack([f.featurize(x) for x in xs])
