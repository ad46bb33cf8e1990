import jax.numpy as jnp
from state import State, advance


def test_advance():
    s = advance(State(jnp.float32(1.0), 0.0), 2)
    assert s.t == 0.25
    assert abs(float(s.x) - 0.875 ** 2) < 1e-6
