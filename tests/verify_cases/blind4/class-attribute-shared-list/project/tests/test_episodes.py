import jax.numpy as jnp
import episodes


def test_log_one():
    log = episodes.EpisodeLog()
    g = log.log(jnp.ones(3), 0.5)
    assert g == 1.75
    assert log.returns[-1] == 1.75


def test_log_other():
    log = episodes.EpisodeLog()
    log.log(jnp.zeros(4))
    assert log.returns[-1] == 0.0
