"""A tiny MLP with activations selected by name."""
import jax
import jax.numpy as jnp

ACTIVATIONS = {
    "relu": jax.nn.relu,
    "tanh": jnp.tanh,
    "leaky": lambda x: jnp.where(x > 0, x, 0.02 * x),
    "softplus": lambda x: jnp.logaddexp(x, 0.0),
}


def init_mlp(key, sizes):
    params = []
    keys = jax.random.split(key, len(sizes) - 1)
    for k, m, n in zip(keys, sizes[:-1], sizes[1:]):
        w = jax.random.normal(k, (m, n)) / jnp.sqrt(m)
        params.append((w, jnp.zeros(n)))
    return params


def mlp(params, x, act="relu"):
    f = ACTIVATIONS[act]
    for w, b in params[:-1]:
        x = f(x @ w + b)
    w, b = params[-1]
    return x @ w + b


def n_params(params):
    return sum(w.size + b.size for w, b in params)
