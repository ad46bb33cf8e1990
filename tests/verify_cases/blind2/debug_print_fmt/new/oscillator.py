"""Damped oscillator rolled out with lax.scan; reports the final energy."""
import jax
import jax.numpy as jnp
from jax import lax


def step(state, dt):
    x, v = state
    a = -x - 0.1 * v
    return (x + dt * v, v + dt * a)


def simulate(x0, v0, dt=0.05, n=20, verbose=True):
    def body(carry, t):
        carry = step(carry, dt)
        energy = 0.5 * (carry[0] ** 2 + carry[1] ** 2)
        return carry, energy

    (x, v), energies = lax.scan(body, (x0, v0), jnp.arange(n))
    if verbose:
        jax.debug.print("final energy {e:.4f}", e=energies[-1])
    return x, v, energies
