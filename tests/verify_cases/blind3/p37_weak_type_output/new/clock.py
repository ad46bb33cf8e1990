import jax.numpy as jnp
from jax import lax


def simulate(x0, n, dt):
    xs = lax.scan(lambda x, _: (x - dt * x, x), x0, None, length=n)[1]
    t_end = jnp.asarray(n * dt)
    return xs, t_end
