import jax.numpy as jnp
import simcfg


def test_decays():
    xs = simcfg.simulate(jnp.ones(2), simcfg.SimConfig(n_steps=500, damping=0.5))
    assert xs.shape == (500, 2)
    assert float(jnp.abs(xs[-1]).max()) < 1.0
