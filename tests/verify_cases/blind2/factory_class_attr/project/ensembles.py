"""Ensembles of small MLPs whose class is made per width by a factory."""
import jax
import jax.numpy as jnp


def make_model_class(width, act=jnp.tanh):
    class MLP:
        total_params = 0

        def __init__(self, key, d_in):
            k1, k2 = jax.random.split(key)
            self.w1 = jax.random.normal(k1, (d_in, width)) / jnp.sqrt(d_in)
            self.w2 = jax.random.normal(k2, (width, 1)) / jnp.sqrt(width)
            MLP.total_params += self.w1.size + self.w2.size

        def __call__(self, x):
            return act(x @ self.w1) @ self.w2

    MLP.__name__ = f"MLP{width}"
    return MLP


def ensemble(cls, key, d_in, n):
    return [cls(k, d_in) for k in jax.random.split(key, n)]


def ensemble_predict(models, x):
    return jnp.mean(jnp.stack([m(x) for m in models]), axis=0)
