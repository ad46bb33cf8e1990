import jax.numpy as jnp
from guard import guarded_update

def test_skip_nan():
    p = jnp.ones(2)
    out = guarded_update(p, jnp.array([jnp.nan, 1.0]))
    assert (out == p).all()
