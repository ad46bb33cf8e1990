import jax.numpy as jnp
import features


def test_features():
    f = features.to_features([[1.0, 2.0]])
    assert jnp.allclose(f, jnp.array([[1.0, 2.0, 1.0, 4.0]]))


def test_predict():
    assert features.predict(jnp.ones(4), jnp.ones((3, 2))).shape == (3,)
