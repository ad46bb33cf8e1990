import jax.numpy as jnp
from sched import train


def test_two_stages():
    w = train(jnp.float32(0.0), 2, 10)
    assert 0.8 < float(w) < 1.0
