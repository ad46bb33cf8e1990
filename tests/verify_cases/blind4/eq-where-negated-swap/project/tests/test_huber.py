import jax.numpy as jnp
import huber


def test_values():
    v = huber.huber(jnp.array([0.5, -3.0]))
    assert jnp.allclose(v, jnp.array([0.125, 2.5]))


def test_mean():
    assert float(huber.mean_huber(jnp.zeros(2), jnp.ones((3, 2)), jnp.ones(3))) == 0.5
