import jax.numpy as jnp
from grads import scale_grads

def test_scale():
    out = scale_grads({"w": jnp.ones(2), "b": jnp.ones(1)}, 0.5)
    assert float(out["w"][0]) == 0.5 and float(out["b"][0]) == 0.5
