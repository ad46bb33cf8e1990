import jax.numpy as jnp
from jax import lax


def damped(x0, k, c, n, dt=0.1):
    def step(s, _):
        x, v, k_, c_ = s
        a = -k_ * x - c_ * v
        v = v + dt * a
        x = x + dt * v
        return (x, v, k_, c_), x

    (x, v, _, _), xs = lax.scan(step, (x0, jnp.zeros_like(x0), k, c), None, length=n)
    return x, xs
