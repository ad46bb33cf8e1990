import jax.numpy as jnp
from pkg.core import AdamConfig, adam_update


def test_two_steps():
    cfg = AdamConfig()
    g = jnp.array([0.5, -2.0, 3.0])
    m = v = jnp.zeros(3)
    for t in (1, 2):
        u, m, v = adam_update(cfg, g, m, v, t)
        assert jnp.all(jnp.sign(u) == -jnp.sign(g))
