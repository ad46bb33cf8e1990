import jax.numpy as jnp
from pkg.core import rollout


def test_rollout_shape():
    xs = rollout(jnp.float32(3.0), 8)
    assert xs.shape == (8,)
    assert bool(jnp.all(jnp.isfinite(xs)))
