import jax.numpy as jnp
from roll import rollout


def test_rollout():
    xs = rollout(jnp.float32(0.0), 3)
    assert xs.shape == (3,)
