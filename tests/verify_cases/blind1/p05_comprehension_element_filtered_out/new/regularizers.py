"""Weight penalties over flat parameter dicts."""
import jax.numpy as jnp


def l2(params, skip_bias=True):
    terms = [jnp.sum(v * v) for k, v in sorted(params.items()) if not (skip_bias and k.endswith("bias"))]
    return sum(terms, jnp.float32(0.0))


def aux_penalty(params):
    extra = [0.25 * jnp.sum(jnp.abs(v)) for k, v in sorted(params.items()) if k.startswith("aux_")]
    return sum(extra, jnp.float32(0.0))


def total_penalty(params, wd=1e-4, aux=1.0):
    return wd * l2(params) + aux * aux_penalty(params)


def count_params(params):
    return sum(int(v.size) for v in params.values())
