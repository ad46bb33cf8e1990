import jax.numpy as jnp
from pkg.core import metrics


def test_metrics():
    m = metrics(jnp.array([0.9, 0.2]), jnp.array([1.0, 0.0]))
    assert set(m) == {"loss", "acc"}
