import jax
import jax.numpy as jnp
import schedules


def test_endpoints():
    lr = schedules.make_warmup_cosine(1.0, 10, 100)
    assert float(lr(0)) == 0.0
    assert abs(float(lr(10)) - 1.0) < 1e-6


def test_vmapped():
    lr = schedules.make_warmup_cosine(0.5, 5, 50)
    v = jax.vmap(lr)(jnp.arange(50))
    assert v.shape == (50,)
    assert float(v.max()) <= 0.5 + 1e-6
