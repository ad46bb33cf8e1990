"""Regression losses, registered by name for configuration files."""
import jax.numpy as jnp

LOSSES = {}


def register(name):
    def deco(fn):
        LOSSES[name] = fn
        return fn
    return deco


@register("mse")
def mse(pred, target):
    return jnp.mean((pred - target) ** 2)


@register("mae")
def mae(pred, target):
    return jnp.mean(jnp.abs(pred - target))


@register("huber")
def huber(pred, target, delta=1.0):
    r = jnp.abs(pred - target)
    return jnp.mean(jnp.where(r < delta, 0.5 * r ** 2, delta * (r - 0.5 * delta)))


def evaluate(name, pred, target):
    return LOSSES[name](pred, target)
