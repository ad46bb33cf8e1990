import jax.numpy as jnp
from fitting import fit

def test_fit_reports_each_step():
    seen = []
    w = fit(jnp.zeros(2), jnp.eye(2), jnp.array([1.0, 2.0]), on_step=seen.append)
    assert len(seen) == 3 and w.shape == (2,)
