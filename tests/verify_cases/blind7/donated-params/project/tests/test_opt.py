import jax.numpy as jnp
from opt import sgd_step

def test_step():
    p = {"w": jnp.ones(2)}
    new = sgd_step(p, {"w": jnp.ones(2)})
    assert abs(float(new["w"][0]) - 0.9) < 1e-6
