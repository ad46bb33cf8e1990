"""Discrete action policies for the grid agent."""
import jax
import jax.numpy as jnp
from jax import lax


def _greedy(q, key):
    return jnp.argmax(q).astype(jnp.int32)


def _uniform(q, key):
    return jax.random.randint(key, (), 0, q.shape[0]).astype(jnp.int32)


def _softmax(q, key):
    return jax.random.categorical(key, q / 0.25).astype(jnp.int32)


def act(mode, q, key):
    return lax.switch(mode, [_greedy, _uniform, _softmax], q, key)


def act_batch(mode, qs, key):
    keys = jax.random.split(key, qs.shape[0])
    return jax.vmap(lambda q, k: act(mode, q, k))(qs, keys)
