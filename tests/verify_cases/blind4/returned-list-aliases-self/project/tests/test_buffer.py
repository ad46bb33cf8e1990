import jax.numpy as jnp
import buffer


def test_record():
    t = buffer.record(jnp.ones(2), jnp.full(3, 0.1))
    assert len(t.steps()) == 3
    assert t.stacked().shape == (3, 2)
