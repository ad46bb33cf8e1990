"""Per-parameter diagnostics for dict-of-array parameter sets."""
import jax.numpy as jnp


def per_param_norms(params):
    return {name: float(jnp.linalg.norm(w)) for name, w in params.items()}


def largest(params, k=2):
    norms = per_param_norms(params)
    return sorted(norms, key=norms.get, reverse=True)[:k]


def flat_size(params):
    return sum([int(w.size) for w in params.values()])
