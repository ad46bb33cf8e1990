import jax.numpy as jnp
import metrics


def test_perfect_classifier():
    m = metrics.evaluate(10 * jnp.eye(3), jnp.eye(3), jnp.arange(3))
    assert float(m["accuracy"]) == 1.0
    assert float(m["loss"]) < 1e-3
