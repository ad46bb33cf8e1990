import jax.numpy as jnp
from result import Result, solve


def test_solve():
    r = solve(jnp.float32(4.0))
    assert r == Result(jnp.float32(2.0), 0)
    assert r.iterations > 0
