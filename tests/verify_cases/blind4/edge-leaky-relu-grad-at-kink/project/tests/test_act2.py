import jax.numpy as jnp
import act2


def test_leaky():
    y = act2.leaky(jnp.array([-2.0, 0.0, 3.0]))
    assert jnp.allclose(y, jnp.array([-0.02, 0.0, 3.0]))


def test_mlp():
    assert act2.mlp(jnp.ones((3, 4)), jnp.ones((4, 2)), jnp.ones((5, 3))).shape == (5, 2)
