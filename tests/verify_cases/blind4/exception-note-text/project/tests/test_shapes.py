import jax.numpy as jnp
import pytest
import shapes


def test_ok():
    assert shapes.safe_predict(jnp.zeros(3), jnp.ones((4, 3))).shape == (4,)


def test_bad_shape():
    with pytest.raises(ValueError, match="expected"):
        shapes.safe_predict(jnp.zeros(3), jnp.ones(3))
