import jax.numpy as jnp
from evaluate import evaluate

def test_small():
    assert evaluate(jnp.ones(2), jnp.eye(2), jnp.ones(2))["loss"] == 0.0

def test_timed():
    out = evaluate(jnp.array([8.0, 1.0]), jnp.eye(2), jnp.zeros(2), timed=True)
    assert out["seconds"] >= 0 and out["loss"] > 0
