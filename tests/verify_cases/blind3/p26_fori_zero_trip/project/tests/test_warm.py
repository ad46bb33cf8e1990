import jax.numpy as jnp
from warm import warmup_then_run


def test_no_warmup():
    assert float(warmup_then_run(jnp.float32(1.0), 0, 3)) == 4.0
