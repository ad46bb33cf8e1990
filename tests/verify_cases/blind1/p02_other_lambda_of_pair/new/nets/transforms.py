"""Target transforms: each kind is a (forward, inverse) pair."""
import jax.numpy as jnp


def _pair(kind):
    if kind == "log":
        return (lambda x: jnp.log1p(x)), (lambda y: jnp.expm1(y))
    if kind == "sqrt":
        return (lambda x: jnp.sqrt(x)), (lambda y: y * jnp.abs(y))
    if kind == "identity":
        return (lambda x: x), (lambda y: y)
    raise ValueError(f"unknown transform {kind!r}")


def forward(x, kind="log"):
    fwd, _ = _pair(kind)
    return fwd(x)


def inverse(y, kind="log"):
    _, inv = _pair(kind)
    return inv(y)


def transform_batch(batch, kind="log"):
    """Transform the 'target' entry of a batch dict, leaving the rest alone."""
    out = dict(batch)
    out["target"] = forward(batch["target"], kind)
    return out
