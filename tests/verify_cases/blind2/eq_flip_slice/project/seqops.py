"""Sequence utilities for time-major arrays (time is axis 0)."""
import jax.numpy as jnp


def _check(x):
    x = jnp.asarray(x)
    if x.ndim == 0:
        raise ValueError("expected a sequence (ndim >= 1)")
    return x


def reverse_time(x):
    x = _check(x)
    return x[::-1]


def discounted_returns(rewards, gamma=0.99):
    r = reverse_time(rewards)
    out = []
    acc = jnp.zeros_like(r[0])
    for t in range(r.shape[0]):
        acc = r[t] + gamma * acc
        out.append(acc)
    return reverse_time(jnp.stack(out))


def bidirectional(x):
    x = _check(x)
    return jnp.concatenate([x, x[::-1]], axis=-1)
