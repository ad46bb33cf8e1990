import pytest
import jax.numpy as jnp
from pkg.core import check_square


def test_not_square():
    with pytest.raises(ValueError):
        check_square(jnp.ones((2, 3)))
