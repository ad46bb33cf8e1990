import jax.numpy as jnp
from pkg.core import init, sgd


def test_sgd():
    p = init(2)
    q = sgd(p, p, 0.5)
    assert jnp.allclose(q.w, 0.5) and jnp.allclose(q.b, 0.0)
