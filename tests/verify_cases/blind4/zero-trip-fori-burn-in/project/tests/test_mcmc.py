import jax
import jax.numpy as jnp
import mcmc


def logp(x):
    return -0.5 * jnp.sum(x ** 2)


def test_samples_shape_and_spread():
    xs = mcmc.sample(logp, jax.random.key(0), jnp.zeros(2), 300)
    assert xs.shape == (300, 2)
    assert bool(jnp.all(jnp.isfinite(xs)))
    assert float(jnp.abs(xs.mean())) < 1.0
