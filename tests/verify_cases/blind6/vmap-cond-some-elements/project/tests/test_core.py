import jax
import jax.numpy as jnp
from pkg.core import clip_step


def test_vmapped():
    out = jax.vmap(clip_step)(jnp.array([0.5, -1.0, 5.0, 1.5]))
    assert out.shape == (4,)
