# expect: none
# source: https://github.com/reservoirpy/reservoirpy/issues/234
# mistake: every functional .at[].set() result is assigned back (store = store.at[0].set(x), features = features.at[...].set(...)), so the delay store is threaded through the run loop and the features are filled.
import numpy as np
import jax
import jax.numpy as jnp


class NVAR:
    def __init__(self, delay=2, input_dim=2):
        self.delay = delay
        self.input_dim = input_dim
        self.linear_dim = delay * input_dim
        self.store = jnp.zeros((delay, input_dim))

    def _step(self, store, x):
        store = jnp.roll(store, 1, axis=0)
        store = store.at[0].set(x)
        linear_feats = jnp.ravel(store)
        features = jnp.zeros(self.linear_dim + self.linear_dim * (self.linear_dim + 1) // 2)
        features = features.at[: self.linear_dim].set(linear_feats)
        iu = jnp.triu_indices(self.linear_dim)
        features = features.at[self.linear_dim:].set(jnp.outer(linear_feats, linear_feats)[iu])
        return store, features

    def run(self, X):
        step = jax.jit(self._step)
        store = self.store
        out = []
        for x in X:
            store, feats = step(store, x)
            out.append(feats)
        self.store = store
        return jnp.stack(out)


def main():
    X = np.random.default_rng(0).normal(size=(8, 2)).astype(np.float32)
    out = NVAR().run(X)
    print("feature matrix shape:", out.shape)
    print("all NVAR features are zero:", bool(jnp.all(out == 0)))
