"""A 1-D chain of springs."""
import jax.numpy as jnp


def extensions(x, L):
    return jnp.diff(x) - L


def chain_energy(x, k=1.0, L=1.0):
    e = extensions(x, L)
    return 0.5 * k * jnp.sum(e * e) - 0.5 * k * L * L * e.shape[0]


def tension(x, k=1.0, L=1.0):
    return k * extensions(x, L)


def relax(x, k=1.0, L=1.0, lr=0.1, steps=100):
    for _ in range(steps):
        t = tension(x, k, L)
        g = jnp.concatenate([-t[:1], t[:-1] - t[1:], t[-1:]])
        x = x - lr * g
    return x
