import jax
import jax.numpy as jnp

def make_step(rate):
    decay = lambda c, _: (c * rate, c)
    def run(x, bias):
        return jax.lax.scan(decay, x + bias, None, length=3)
    return decay, run

x = jnp.ones(2)
