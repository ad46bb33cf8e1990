import jax
import jax.numpy as jnp

def draws(key, n):
    def step(k, _):
        return jax.random.split(k)[0], jax.random.normal(k, (2,))
    return jax.lax.scan(step, key, None, length=n)

key = jax.random.key(0)
