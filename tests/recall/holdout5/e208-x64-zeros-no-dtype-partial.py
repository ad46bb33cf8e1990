# case: e208-x64-zeros-no-dtype-partial
# source: https://github.com/kazewong/flowMC/issues/200
# kind: mistake
# rules: SCN208
# jax: raises carry input and carry output must have equal types
# note: jax_enable_x64 is set at the top of the file (as ExoJAX does) but the sampler's
#   chain positions are created as float32; the MALA-like body, handed to fori_loop through
#   functools.partial, builds its drift with jnp.zeros(n_dim) and so returns float64.

import functools

import jax
import jax.numpy as jnp

jax.config.update("jax_enable_x64", True)


def log_prob(x):
    return -0.5 * jnp.sum(x**2)


def mala_body(i, carry, step_size, n_dim):
    key, position = carry
    key, subkey = jax.random.split(key)
    drift = jnp.zeros(n_dim)
    drift = drift + 0.5 * step_size * jax.grad(log_prob)(position)
    noise = jax.random.normal(subkey, position.shape, dtype=position.dtype)
    return key, position + drift + jnp.sqrt(step_size) * noise


def sample(key, initial_position, n_steps=20):
    body = functools.partial(mala_body, step_size=0.1, n_dim=initial_position.shape[0])
    return jax.lax.fori_loop(0, n_steps, body, (key, initial_position))


initial_position = jnp.zeros(3, dtype=jnp.float32)
key, last = sample(jax.random.PRNGKey(0), initial_position)
print(last)
