import jax
import jax.numpy as jnp
import numpy as np
from attn.attention import attention, causal_mask, multihead


def test_uniform_attention():
    q = jnp.zeros((3, 4))
    v = jnp.arange(12.0).reshape(3, 4)
    out, w = attention(q, jnp.ones((3, 4)), v)
    np.testing.assert_allclose(w, np.full((3, 3), 1 / 3), rtol=1e-6)
    np.testing.assert_allclose(out, np.tile(v.mean(0), (3, 1)), rtol=1e-6)


def test_causal():
    x = jax.random.normal(jax.random.key(0), (4, 8))
    _, w = attention(x, x, x, causal_mask(4))
    np.testing.assert_allclose(np.triu(np.asarray(w), 1), 0.0, atol=1e-6)


def test_multihead_shape():
    ks = jax.random.split(jax.random.key(1), 4)
    x = jax.random.normal(ks[0], (5, 8))
    w = [jax.random.normal(k, (8, 8)) for k in ks[1:]]
    assert multihead(x, *w, heads=2).shape == (5, 8)
