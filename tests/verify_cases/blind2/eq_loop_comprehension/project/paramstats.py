"""Per-parameter diagnostics for dict-of-array parameter sets."""
import jax.numpy as jnp


def per_param_norms(params):
    out = {}
    for name, w in params.items():
        out[name] = float(jnp.linalg.norm(w))
    return out


def largest(params, k=2):
    norms = per_param_norms(params)
    return sorted(norms, key=norms.get, reverse=True)[:k]


def flat_size(params):
    sizes = []
    for w in params.values():
        sizes.append(int(w.size))
    return sum(sizes)
