import jax.numpy as jnp


def layer_norm(x, scale, bias, eps=None):
    eps = eps or 1e-6
    mu = x.mean(-1, keepdims=True)
    var = ((x - mu) ** 2).mean(-1, keepdims=True)
    return (x - mu) / jnp.sqrt(var + eps) * scale + bias
