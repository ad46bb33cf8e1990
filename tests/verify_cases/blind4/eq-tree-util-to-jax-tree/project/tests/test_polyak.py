import jax.numpy as jnp
import polyak


def test_moves_toward_online():
    t = {"w": jnp.zeros(3), "b": jnp.zeros(())}
    o = {"w": jnp.ones(3), "b": jnp.ones(())}
    n = polyak.polyak(t, o, 0.5)
    assert jnp.allclose(n["w"], 0.5) and float(n["b"]) == 0.5
