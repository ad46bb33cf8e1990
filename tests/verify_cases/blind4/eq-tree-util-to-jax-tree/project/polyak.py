"""Target-network Polyak averaging."""
import jax
import jax.numpy as jnp


@jax.jit
def polyak(target, online, tau=0.005):
    return jax.tree_util.tree_map(lambda t, o: (1.0 - tau) * t + tau * o, target, online)
