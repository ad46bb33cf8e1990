import jax.numpy as jnp
from surprisal import surprisal

def test_half():
    s = surprisal(jnp.array([0.5, 1.0, -1.0]))
    assert abs(float(s[0]) - 0.6931472) < 1e-6
