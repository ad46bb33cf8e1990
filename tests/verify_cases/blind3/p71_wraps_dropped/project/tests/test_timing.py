import jax.numpy as jnp
from timing import rollout


def test_rollout():
    x = rollout(jnp.float32(0.5), 2)
    assert 0.0 < float(x) < 1.0
