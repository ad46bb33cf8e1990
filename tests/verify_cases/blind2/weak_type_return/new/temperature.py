"""Softmax temperature annealing."""
import jax
import jax.numpy as jnp


def temperature(step, t0=1.0, decay=0.99, t_min=0.05):
    return jnp.maximum(jnp.asarray(t0 * decay ** step, jnp.float32), t_min)


def tempered_softmax(logits, step):
    return jax.nn.softmax(logits / temperature(step), axis=-1)


def entropy(p):
    return -jnp.sum(p * jnp.log(p + 1e-12), axis=-1)
