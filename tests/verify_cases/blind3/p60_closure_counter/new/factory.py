import jax.numpy as jnp
from jax import lax


def make_sim(dt):
    total = 0

    def run(x, n):
        nonlocal total
        total += 1
        return lax.fori_loop(0, n, lambda i, v: v + dt * jnp.sin(v), x)

    def steps_taken():
        return total

    return run, steps_taken
