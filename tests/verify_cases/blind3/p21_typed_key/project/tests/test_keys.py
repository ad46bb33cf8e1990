import jax.numpy as jnp
from keys import make_key, sample_path


def test_path():
    xs = sample_path(make_key(0), 4)
    assert xs.shape == (4,)
    assert bool(jnp.all(jnp.isfinite(xs)))
