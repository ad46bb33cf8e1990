"""Dense layers for a tiny MLP."""
import jax
import jax.numpy as jnp


def init_dense(key, n_in, n_out, scale=None):
    """Normal init; an explicit `scale` overrides the Glorot default."""
    wkey, _ = jax.random.split(key)
    std = scale if scale is not None else jnp.sqrt(1.0 / n_in)
    w = jax.random.normal(wkey, (n_in, n_out)) * std
    return {"w": w, "b": jnp.zeros((n_out,))}


def init_mlp(key, sizes, scale=None):
    keys = jax.random.split(key, len(sizes) - 1)
    return [init_dense(k, a, b, scale) for k, a, b in zip(keys, sizes[:-1], sizes[1:])]


@jax.jit
def mlp(params, x):
    for p in params[:-1]:
        x = jnp.tanh(x @ p["w"] + p["b"])
    p = params[-1]
    return x @ p["w"] + p["b"]
