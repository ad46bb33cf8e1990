import jax.numpy as jnp
from clipping import clip_by_global_norm

def test_clip():
    out = clip_by_global_norm({"a": jnp.array([3.0, 4.0])}, max_norm=1.0)
    assert jnp.allclose(jnp.linalg.norm(out["a"]), 1.0)
