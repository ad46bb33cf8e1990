import jax
import jax.numpy as jnp
import numpy as np

from gan.blocks import generator, init


def test_generator_range():
    params = init(jax.random.PRNGKey(0), [4, 8, 2])
    x = generator(params, jax.random.normal(jax.random.PRNGKey(1), (16, 4)))
    assert x.shape == (16, 2)
    assert np.all(np.abs(np.asarray(x)) <= 1.0)
