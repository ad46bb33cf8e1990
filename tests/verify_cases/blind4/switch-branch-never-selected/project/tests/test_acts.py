import jax.numpy as jnp
import acts


def test_relu():
    assert jnp.allclose(acts.activate(0, jnp.array([-1.0, 2.0])), jnp.array([0.0, 2.0]))


def test_tanh_and_swish():
    x = jnp.linspace(-2.0, 2.0, 5)
    assert jnp.allclose(acts.activate(1, x), jnp.tanh(x))
    assert acts.activate(3, x).shape == (5,)
