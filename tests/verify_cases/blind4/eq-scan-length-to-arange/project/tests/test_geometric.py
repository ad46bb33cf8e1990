import jax.numpy as jnp
import geometric


def test_powers():
    p = geometric.powers(jnp.float32(2.0), 5)
    assert p.tolist() == [1.0, 2.0, 4.0, 8.0, 16.0]
