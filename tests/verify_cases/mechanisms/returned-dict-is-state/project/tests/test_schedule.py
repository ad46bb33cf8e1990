import jax.numpy as jnp

from schedule import Schedules


def test_rates_and_decay():
    s = Schedules(1.0)
    assert sorted(s.rates()) == ["main", "warmup"]
    assert jnp.allclose(s.at("main", 0), 1.0)
