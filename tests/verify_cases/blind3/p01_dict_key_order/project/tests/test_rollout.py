import jax.numpy as jnp
from rollout import rollout


def test_rollout():
    out = rollout(jnp.float32(0.0), 4)
    assert out["trace"].shape == (4,)
    assert jnp.allclose(out["final"], out["trace"][-1])
