import jax.numpy as jnp
import numpy as np

from embed import embed_tokens, lookup_row, mean_embedding

TABLE = jnp.arange(12.0).reshape(4, 3)


def test_single_lookup():
    assert np.allclose(lookup_row(TABLE, 2), [6.0, 7.0, 8.0])


def test_embed_tokens():
    out = embed_tokens(TABLE, [0, 3, 1])
    assert out.shape == (3, 3)
    assert np.allclose(mean_embedding(TABLE, [0, 2]), [3.0, 4.0, 5.0])
