"""Chebyshev nodes and barycentric interpolation."""
import jax
import jax.numpy as jnp

N_NODES = 16


def __getattr__(name):
    # computed lazily so that importing the module does not touch the device
    if name == "CHEB_NODES":
        k = jnp.arange(N_NODES)
        return jnp.cos(jnp.pi * (2 * k + 1) / (2 * N_NODES))
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@jax.jit
def interpolate(nodes, values, x):
    w = 1.0 / jnp.prod(nodes[:, None] - nodes[None, :] + jnp.eye(nodes.shape[0]), axis=1)
    d = x[:, None] - nodes[None, :]
    d = jnp.where(d == 0, 1e-12, d)
    return (w * values / d).sum(1) / (w / d).sum(1)
