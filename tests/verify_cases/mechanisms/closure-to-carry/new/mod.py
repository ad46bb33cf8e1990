import jax
import jax.numpy as jnp

def rollout(x, rate, steps):
    def step(carry, _):
        c, r = carry
        return (c * r, r), c
    (final, _), ys = jax.lax.scan(step, (x, rate), None, length=steps)
    return final, ys

x = jnp.arange(3.0)
