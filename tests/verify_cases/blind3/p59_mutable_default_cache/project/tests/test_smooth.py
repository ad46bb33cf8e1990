import jax.numpy as jnp
from smooth import smooth


def test_constant():
    assert abs(float(smooth(jnp.ones(5))) - 1.0) < 1e-6
