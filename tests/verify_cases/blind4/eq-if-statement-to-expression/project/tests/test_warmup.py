import jax.numpy as jnp
import warmup


def test_with_warmup():
    lrs = warmup.schedule(0.1, 10, 20)
    assert abs(float(lrs[0]) - 0.01) < 1e-7
    assert abs(float(lrs[-1]) - 0.1) < 1e-7


def test_without_warmup():
    assert float(warmup.lr_at(jnp.int32(3), 0.1, 0)) == 0.1
    assert jnp.allclose(warmup.schedule(0.2, 0, 3), 0.2)
