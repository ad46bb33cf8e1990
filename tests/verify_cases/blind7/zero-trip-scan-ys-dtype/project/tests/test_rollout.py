import jax.numpy as jnp
from rollout import rollout

def test_empty_rollout():
    p, dones = rollout(jnp.float32(1.0), jnp.zeros((0,)))
    assert float(p) == 1.0 and dones.shape == (0,)
