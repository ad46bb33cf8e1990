"""Eligibility traces with a floor, as used by the TD learner."""
import jax.numpy as jnp
from jax import lax


def decay_trace(e0, tau, floor, n):
    decay = jnp.exp(-1.0 / jnp.asarray(tau)).astype(e0.dtype)
    lo = jnp.full_like(e0, floor)
    def step(carry, _):
        e, decay_, lo_ = carry
        e = jnp.maximum(e * decay_, lo_)
        return (e, decay_, lo_), e
    _, es = lax.scan(step, (e0, decay, lo), None, length=n)
    return es


def accumulate(e0, xs, tau, floor):
    decay = jnp.exp(-1.0 / jnp.asarray(tau)).astype(e0.dtype)
    lo = jnp.full_like(e0, floor)
    def step(carry, x):
        e, decay_, lo_ = carry
        e = jnp.maximum(e * decay_, lo_) + x
        return (e, decay_, lo_), e
    (e, _, _), es = lax.scan(step, (e0, decay, lo), xs)
    return e, es


def td_targets(rewards, values, gamma):
    return rewards + gamma * values
