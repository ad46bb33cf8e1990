"""Per-example regression losses (written for one example; batched with vmap)."""
import jax
import jax.numpy as jnp


def huber(pred, target, delta=1.0):
    r = jnp.abs(pred - target)
    quad = 0.5 * r * r
    lin = delta * (r - 0.5 * delta)
    return jnp.sum(jnp.where(r <= delta, quad, lin))


def log_cosh(pred, target):
    return jnp.sum(jnp.logaddexp(pred - target, target - pred) - jnp.log(2.0))


def batch_loss(loss_fn, preds, targets):
    return jnp.mean(jax.vmap(loss_fn)(preds, targets))


def smooth_l1(pred, target, beta=1.0):
    r = jnp.abs(pred - target)
    return jnp.sum(jnp.where(r < beta, 0.5 * r * r / beta, r - 0.5 * beta))
