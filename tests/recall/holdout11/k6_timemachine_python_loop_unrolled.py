# expect: bug
# source: https://github.com/proteneer/timemachine/pull/87
# mistake: The Langevin integrator steps through time with a Python for loop inside the jitted run method, so the whole trajectory is unrolled into the traced program and compile time grows with the number of steps.
# kind: 6 Python loops unrolled under jit
from functools import partial

import jax
import jax.numpy as jnp
from jax import random


def harmonic_bonds(x, k=100.0, r0=0.15):
    d = jnp.linalg.norm(x[1:] - x[:-1], axis=-1)
    return 0.5 * k * jnp.sum((d - r0) ** 2)


class LangevinIntegrator:
    def __init__(self, energy_fn, dt=1.5e-3, friction=1.0, temperature=0.6, n_steps=100):
        self.force_fn = jax.grad(lambda x: -energy_fn(x))
        self.dt = dt
        self.ca = jnp.exp(-friction * dt)
        self.cb = jnp.sqrt(1 - self.ca ** 2) * jnp.sqrt(temperature)
        self.n_steps = n_steps

    def _run(self, x, v, key):
        for step in range(self.n_steps):
            key, sub = random.split(key)
            v = self.ca * v + self.dt * self.force_fn(x) + self.cb * random.normal(sub, v.shape)
            x = x + self.dt * v
        return x, v

    @partial(jax.jit, static_argnums=0)
    def run(self, x, v, key):
        return self._run(x, v, key)


def count_eqns(integrator, x, v, key):
    return len(jax.make_jaxpr(integrator._run)(x, v, key).jaxpr.eqns)


def main():
    x = jnp.cumsum(jnp.full((16, 3), 0.1), axis=0)
    v = jnp.zeros_like(x)
    key = random.PRNGKey(0)
    short = LangevinIntegrator(harmonic_bonds, n_steps=10)
    long = LangevinIntegrator(harmonic_bonds, n_steps=100)
    x_final, _ = LangevinIntegrator(harmonic_bonds, n_steps=4).run(x, v, key)
    n_short, n_long = count_eqns(short, x, v, key), count_eqns(long, x, v, key)
    if n_long > 5 * n_short:
        print(f"SYMPTOM: traced program has {n_short} equations for 10 steps and {n_long} for 100 steps "
              f"(the Python loop is unrolled into the jitted run)")


if __name__ == "__main__":
    main()
