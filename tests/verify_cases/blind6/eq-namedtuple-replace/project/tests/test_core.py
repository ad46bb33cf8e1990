import jax.numpy as jnp
from pkg.core import State, advance


def test_advance():
    s = advance(State(jnp.int32(0), jnp.ones(2)))
    assert int(s.t) == 1
