# expect: bug
# source: https://github.com/google-deepmind/optax/issues/328
# mistake: the Adam update is run op-by-op (not jitted) and _bias_correction computes decay**count with the concrete step count, so the power op is specialised to each new count value and recompiled on every training iteration.
import logging

import jax
import jax.numpy as jnp

COMPILES = []


class _CompileCounter(logging.Handler):
    def emit(self, record):
        if COMPILES and "Finished XLA compilation" in record.getMessage():
            COMPILES[-1] += 1


def _update_moment(updates, moments, decay, order):
    return jax.tree.map(lambda g, t: (1 - decay) * (g ** order) + decay * t, updates, moments)


def _bias_correction(moment, decay, count):
    bias_correction = 1 - decay ** count
    return jax.tree.map(lambda t: t / bias_correction.astype(t.dtype), moment)


def scale_by_adam_update(updates, state, b1=0.9, b2=0.999, eps=1e-8):
    mu, nu, count = state
    mu = _update_moment(updates, mu, b1, 1)
    nu = _update_moment(updates, nu, b2, 2)
    count_inc = count + jnp.array(1, dtype=jnp.int32)
    mu_hat = _bias_correction(mu, b1, count_inc)
    nu_hat = _bias_correction(nu, b2, count_inc)
    updates = jax.tree.map(lambda m, v: m / (jnp.sqrt(v) + eps), mu_hat, nu_hat)
    return updates, (mu, nu, count_inc)


def main():
    handler = _CompileCounter()
    logger = logging.getLogger("jax")
    logger.addHandler(handler)
    old = jax.config.jax_log_compiles
    jax.config.update("jax_log_compiles", True)
    try:
        params = {"w": jnp.ones((4,)), "b": jnp.zeros(())}
        state = (jax.tree.map(jnp.zeros_like, params), jax.tree.map(jnp.zeros_like, params), jnp.array(0, jnp.int32))
        grad_fn = jax.jit(jax.grad(lambda p: jnp.sum((p["w"] * 2.0 + p["b"] - 1.0) ** 2)))
        for step in range(8):
            COMPILES.append(0)
            grads = grad_fn(params)
            updates, state = scale_by_adam_update(grads, state)
            params = jax.tree.map(lambda p, u: p - 1e-2 * u, params, updates)
    finally:
        jax.config.update("jax_log_compiles", old)
        logger.removeHandler(handler)
    print("XLA compilations per training step:", COMPILES)
    return COMPILES


if __name__ == "__main__":
    main()
