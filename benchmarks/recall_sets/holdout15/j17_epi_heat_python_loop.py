# expect: bug
# source: https://github.com/Systems-Theory-in-Systems-Biology/EPI/pull/66
# mistake: The heat-equation forward model time-steps with a Python `for n in range(len(t) - 1)` inside a jitted function, so JAX unrolls every time step into the traced program and compile time/program size grows with the number of steps.
import time

import jax
import jax.numpy as jnp


class HeatArtificial:
    def __init__(self, n_x=16, n_t=200, t_end=0.05):
        self.x = jnp.linspace(0.0, 1.0, n_x)
        self.y = jnp.linspace(0.0, 1.0, n_x)
        self.t = jnp.linspace(0.0, t_end, n_t)
        self.forward = jax.jit(self._forward)

    def _forward(self, param):
        kappa = param[0]
        x, y, t = self.x, self.y, self.t
        dx, dt = x[1] - x[0], t[1] - t[0]
        u = jnp.zeros((len(x), len(y), len(t)))
        u = u.at[:, 0, :].set(jnp.zeros((len(x), len(t))))
        u = u.at[:, -1, :].set(jnp.ones((len(x), len(t))))
        u = u.at[0, :, :].set(jnp.ones((len(y), len(t))))
        u = u.at[-1, :, :].set(jnp.zeros((len(y), len(t))))
        # solve numerically
        for n in range(0, len(t) - 1):
            lap = (u[2:, 1:-1, n] + u[:-2, 1:-1, n] + u[1:-1, 2:, n] + u[1:-1, :-2, n]
                   - 4 * u[1:-1, 1:-1, n]) / dx**2
            u = u.at[1:-1, 1:-1, n + 1].set(u[1:-1, 1:-1, n] + kappa * dt * lap)
        return u[len(x) // 2, len(y) // 2, -1]


def count_eqns(n_t):
    model = HeatArtificial(n_t=n_t)
    return len(jax.make_jaxpr(model._forward)(jnp.array([1.0])).jaxpr.eqns)


def main():
    for n_t in (10, 20, 40):
        print(f"n_t={n_t:4d}: jaxpr equations = {count_eqns(n_t)}")
    model = HeatArtificial(n_t=20, t_end=0.01)
    t0 = time.perf_counter()
    val = model.forward(jnp.array([1.0])).block_until_ready()
    print(f"u(center, t_end) = {float(val):.4f}; first call (trace+compile) {time.perf_counter() - t0:.2f}s")
    assert count_eqns(40) > 3 * count_eqns(10)
