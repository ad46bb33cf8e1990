import jax
import jax.numpy as jnp
import numpy as np

from attn.attention import attention, self_attention


def test_uniform_keys_average_values():
    q = jnp.ones((2, 4))
    k = jnp.zeros((3, 4))
    v = jnp.arange(6.0).reshape(3, 2)
    assert np.allclose(attention(q, k, v), [[2.0, 3.0], [2.0, 3.0]])


def test_causal_first_row_sees_first_value():
    x = jax.random.normal(jax.random.PRNGKey(0), (4, 3))
    w = jnp.eye(3)
    y = self_attention(x, w, w, w, causal=True)
    assert np.allclose(y[0], x[0], atol=1e-6)
    assert y.shape == (4, 3)
