import jax.numpy as jnp
from jit_train import make_train_step

def test_step_reports():
    seen = []
    w = make_train_step(seen.append)(jnp.zeros(2), jnp.eye(2), jnp.array([1.0, 2.0]))
    assert w.shape == (2,) and len(seen) == 1
