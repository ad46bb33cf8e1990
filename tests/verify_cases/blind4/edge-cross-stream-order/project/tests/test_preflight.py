import jax.numpy as jnp
import preflight


def test_run():
    y = preflight.run(jnp.array([1.0, jnp.nan, 2.0]))
    assert y.shape == (3,)
    assert bool(jnp.all(jnp.isfinite(y)))
