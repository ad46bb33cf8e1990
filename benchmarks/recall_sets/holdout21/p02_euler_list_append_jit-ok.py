# expect: none
# source: https://techqa.club/v/q/appending-to-list-alternative-workflow-for-jax-77354582
# mistake: The sequential Euler update is expressed with jax.lax.scan, carrying the state and stacking the per-step outputs, so the step is traced once.
import time

import jax
import jax.numpy as jnp
import numpy as np
from jax import jit


def dxdt(t, x):
    return -x**2


def integrator(f, t, x, dt):
    return x + f(t, x) * dt


T_ARR = np.linspace(0, 10, 100, dtype=np.float32)  # time grid built once, outside jit


@jit
def solve(x0):
    dt = T_ARR[1] - T_ARR[0]

    def step(x, t):
        return integrator(dxdt, t, x, dt), x

    _, xs = jax.lax.scan(step, x0, T_ARR)
    return xs


def main():
    n_eqns = len(jax.make_jaxpr(solve.__wrapped__)(1.0).jaxpr.eqns)
    t0 = time.perf_counter()
    xs = solve(1.0).block_until_ready()
    print(f"steps={T_ARR.shape[0]} jaxpr_eqns={n_eqns} first_call_s={time.perf_counter() - t0:.2f} x_end={float(xs[-1]):.4f}")


if __name__ == "__main__":
    main()
