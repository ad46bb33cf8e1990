import jax.numpy as jnp
import monitor


def test_not_plateaued_early():
    m = monitor.PlateauMonitor(5)
    curve = monitor.loss_curve(0.5, 1.0)
    flags = [m.observe(l) for l in curve[:3]]
    assert flags == [False, False, False]
    assert list(m.window) == [1.0, 0.5, 0.25]
