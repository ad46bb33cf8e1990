import jax
import jax.numpy as jnp
import cb_order


def test_descend_logs():
    cb_order.EVENTS.clear()
    w = cb_order.descend(jnp.zeros(2), jnp.eye(2), jnp.ones(2), 0.5)
    jax.effects_barrier()
    assert w.shape == (2,)
    assert sorted(e[:2] for e in cb_order.EVENTS) == sorted(
        [(k, i) for i in range(3) for k in ("loss", "gnorm")])
