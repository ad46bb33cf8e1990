import jax.numpy as jnp
import fit


def test_converges():
    x = jnp.eye(2)
    w = fit.fit(jnp.zeros(2), x, jnp.array([1.0, 2.0]), lr=0.5, n_steps=30)
    assert jnp.allclose(w, jnp.array([1.0, 2.0]), atol=1e-3)
