import jax
import jax.numpy as jnp
import numpy as np
from noise import exploration_noise, perturb, ou_step, split_for


def is_key(k):
    return jax.dtypes.issubdtype(k.dtype, jax.dtypes.prng_key)


def test_noise_shape_and_key():
    key, eps = exploration_noise(jax.random.key(0), (4,), 0.5)
    assert is_key(key) and eps.shape == (4,)


def test_perturb_clipped():
    key, a = perturb(jax.random.key(1), jnp.array([0.99, -0.99]), scale=1.0)
    assert is_key(key)
    assert float(jnp.max(jnp.abs(a))) <= 1.0


def test_ou_mean_reverts():
    x, key = jnp.array([1.0]), jax.random.key(2)
    for _ in range(5):
        x, key = ou_step(x, key, sigma=0.0)
    assert float(x[0]) < 1.0


def test_split_for():
    key, subs = split_for(jax.random.key(3), 4)
    assert is_key(key) and subs.shape == (4,)
