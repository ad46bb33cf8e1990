import jax
import jax.numpy as jnp
from pkg.core import State, advance


def test_advance():
    s = advance(State(jnp.zeros(2), jnp.ones(2)), 0.5)
    assert jnp.allclose(s.pos, 0.5) and jnp.allclose(s.vel, 1.0)
    assert len(jax.tree.leaves(s)) == 2
