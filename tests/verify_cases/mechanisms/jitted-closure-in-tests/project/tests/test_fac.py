import jax
import jax.numpy as jnp

from fac.core import make_decay


def test_decay():
    run = jax.jit(make_decay(0.5, 4))
    final, ys = run(jnp.ones(2))
    assert ys.shape == (4, 2)
