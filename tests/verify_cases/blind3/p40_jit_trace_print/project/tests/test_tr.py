import jax.numpy as jnp
from tr import rollout


def test_rollout():
    xs = rollout(jnp.float32(0.0), 3)
    assert xs.tolist() == [0.0, 1.0, 1.5]
