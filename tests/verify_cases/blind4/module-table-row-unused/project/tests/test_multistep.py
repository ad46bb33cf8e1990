import jax.numpy as jnp
import pytest
import multistep


@pytest.mark.parametrize("order", [1, 2, 3])
def test_exponential_decay(order):
    xs = multistep.ab_integrate(lambda x: -x, jnp.ones(1), 0.01, 100, order=order)
    assert abs(float(xs[-1, 0]) - float(jnp.exp(-1.0))) < 0.05
