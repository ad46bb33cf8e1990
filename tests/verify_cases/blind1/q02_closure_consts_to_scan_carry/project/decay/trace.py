"""Eligibility traces with a floor, as used by the TD learner."""
import jax.numpy as jnp
from jax import lax


def decay_trace(e0, tau, floor, n):
    decay = jnp.exp(-1.0 / jnp.asarray(tau)).astype(e0.dtype)
    lo = jnp.full_like(e0, floor)
    def step(e, _):
        e = jnp.maximum(e * decay, lo)
        return e, e
    _, es = lax.scan(step, e0, None, length=n)
    return es


def accumulate(e0, xs, tau, floor):
    decay = jnp.exp(-1.0 / jnp.asarray(tau)).astype(e0.dtype)
    lo = jnp.full_like(e0, floor)
    def step(e, x):
        e = jnp.maximum(e * decay, lo) + x
        return e, e
    e, es = lax.scan(step, e0, xs)
    return e, es


def td_targets(rewards, values, gamma):
    return rewards + gamma * values
