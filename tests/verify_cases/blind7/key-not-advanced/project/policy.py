import jax
import jax.numpy as jnp


def sample_actions(key, logits):
    key, sub = jax.random.split(key)
    actions = jax.random.categorical(sub, logits)
    return actions, key
