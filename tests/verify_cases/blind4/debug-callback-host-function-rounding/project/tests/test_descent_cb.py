import jax
import jax.numpy as jnp
import descent_cb


def test_descend():
    x = descent_cb.descend(jnp.zeros(2) + 0.123, 0.1)
    jax.effects_barrier()
    assert float(jnp.abs(x - 1.0).max()) < 0.877
    assert len(descent_cb.TRACE) >= 5
