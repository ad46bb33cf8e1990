import jax.numpy as jnp
from train_loop import fit

XS = jnp.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
YS = jnp.array([1.0, 2.0, 3.0])

def test_fit_logs():
    w = fit(jnp.zeros(2), XS, YS, log_every=2)
    assert w.shape == (2,)

def test_fit_quiet():
    w = fit(jnp.zeros(2), XS, YS, log_every=0)
    assert float(w[1]) > 0
