import jax.numpy as jnp
import pytest
import newton


def test_sqrt2():
    x = newton.newton(lambda x: x ** 2 - 2.0, 1.0)
    assert abs(float(x) - 2 ** 0.5) < 1e-5


def test_no_root():
    with pytest.raises(newton.ConvergenceError):
        newton.newton(lambda x: x ** 2 + 1.0, 0.3)
