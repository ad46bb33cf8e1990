import jax.numpy as jnp
from cfgrun import Cfg, run


def test_run():
    assert abs(float(run(jnp.float32(1.0), cfg=Cfg(3, 0.5))) - 0.125) < 1e-7
