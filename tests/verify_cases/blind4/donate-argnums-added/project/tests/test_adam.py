import jax.numpy as jnp
import adam


def test_steps_move_against_gradient():
    p = {"w": jnp.ones(3)}
    s = adam.init(p)
    for _ in range(3):
        p, s = adam.update(p, s, {"w": jnp.ones(3)})
    assert bool(jnp.all(p["w"] < 1.0))
    assert int(s["t"]) == 3
