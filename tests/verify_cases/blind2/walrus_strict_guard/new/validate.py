"""Input validation for batches coming from the data loader."""
import jax.numpy as jnp
import numpy as np


class NonFiniteError(ValueError):
    pass


def count_nonfinite(x):
    return int(jnp.sum(~jnp.isfinite(x)))


def check_finite(x, strict=False, max_bad=0):
    """x with its non-finite entries set to 0; raises when strict and too many are bad."""
    if strict and (bad := count_nonfinite(x)) >= max_bad:
        raise NonFiniteError(f"{bad} non-finite values (allowed {max_bad})")
    return jnp.where(jnp.isfinite(x), x, 0.0)


def sanitize_batch(batch, strict=False):
    return {k: check_finite(jnp.asarray(v), strict=strict) for k, v in batch.items()}


def fraction_bad(batch):
    total = sum(np.size(v) for v in batch.values())
    return sum(count_nonfinite(jnp.asarray(v)) for v in batch.values()) / total
