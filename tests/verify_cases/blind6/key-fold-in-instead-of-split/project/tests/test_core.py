import jax
import jax.numpy as jnp
from pkg.core import noisy_step


def test_shapes():
    k, y = noisy_step(jax.random.PRNGKey(0), jnp.zeros(3))
    assert y.shape == (3,) and k.shape == (2,)
