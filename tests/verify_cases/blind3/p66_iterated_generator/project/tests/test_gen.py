import jax.numpy as jnp
from gen import rollout_iter


def test_length():
    xs = list(rollout_iter(jnp.float32(0.0), 3))
    assert len(xs) == 3
    assert all(float(x) < 2.0 for x in xs)
