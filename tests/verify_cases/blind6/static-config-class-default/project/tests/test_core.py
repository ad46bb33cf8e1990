import jax.numpy as jnp
from pkg.core import OptConfig, clip_update


def test_clip_shape():
    assert clip_update(jnp.array([3.0, 4.0]), OptConfig()).shape == (2,)
