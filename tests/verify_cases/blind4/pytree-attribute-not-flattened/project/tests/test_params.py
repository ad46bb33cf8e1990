import jax
import jax.numpy as jnp
import params


def test_forward_shape():
    k1, k2 = jax.random.split(jax.random.key(0))
    enc = params.init_linear(k1, 3, 4, name="enc")
    dec = params.init_linear(k2, 4, 2, name="dec")
    y = params.forward([enc, dec], jnp.ones((5, 3)))
    assert y.shape == (5, 2)
