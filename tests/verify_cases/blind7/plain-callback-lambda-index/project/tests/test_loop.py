import jax.numpy as jnp
from loop import evaluate_every

def test_history():
    got = []
    h = evaluate_every(lambda e: jnp.exp(-e), 3, lambda e, l: got.append((e, l)))
    assert len(h) == 3 and len(got) == 3
