import jax.numpy as jnp
from jax import lax


def damped(x0, k, c, n, dt=0.1):
    def step(s, _):
        x, v = s
        a = -k * x - c * v
        v = v + dt * a
        x = x + dt * v
        return (x, v), x

    (x, v), xs = lax.scan(step, (x0, jnp.zeros_like(x0)), None, length=n)
    return x, xs
