# expect: none
# source: https://github.com/proteneer/timemachine/pull/87
# mistake: (fixed) the integration steps run inside lax.scan over per-step keys, so the traced program has the same size for any number of steps.
# kind: 6 Python loops unrolled under jit
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax, random


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
        def step(carry, sub):
            x, v = carry
            v = self.ca * v + self.dt * self.force_fn(x) + self.cb * random.normal(sub, v.shape)
            x = x + self.dt * v
            return (x, v), None

        for _ in range(2):  # two-stage equilibration schedule (a short, fixed Python loop)
            key, sub = random.split(key)
            (x, v), _ = lax.scan(step, (x, v), random.split(sub, self.n_steps // 2))
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
    LangevinIntegrator(harmonic_bonds, n_steps=4).run(x, v, key)
    print("equations:", count_eqns(short, x, v, key), count_eqns(long, x, v, key))


if __name__ == "__main__":
    main()
