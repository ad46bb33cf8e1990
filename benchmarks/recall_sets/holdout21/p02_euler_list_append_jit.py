# expect: bug
# source: https://techqa.club/v/q/appending-to-list-alternative-workflow-for-jax-77354582
# mistake: An Euler integrator steps through a Python for-loop over the time grid and appends each state to a list; wrapped in jit, the loop is unrolled once per time step.
import time

import jax
import jax.numpy as jnp
import numpy as np
from jax import jit


# Function to integrate.
def dxdt(t, x):
    return -x**2


# Euler method for simplicity.
def integrator(f, t, x, dt):
    return x + f(t, x) * dt


T_ARR = np.linspace(0, 10, 100, dtype=np.float32)  # time grid built once, outside jit


@jit
def solve(x0):
    dt = T_ARR[1] - T_ARR[0]
    x_list = []
    x = x0
    for t in T_ARR:
        x_list.append(x)
        x = integrator(dxdt, t, x, dt)
    return jnp.array(x_list)


def main():
    n_eqns = len(jax.make_jaxpr(solve.__wrapped__)(1.0).jaxpr.eqns)
    t0 = time.perf_counter()
    xs = solve(1.0).block_until_ready()
    print(f"steps={T_ARR.shape[0]} jaxpr_eqns={n_eqns} first_call_s={time.perf_counter() - t0:.2f} x_end={float(xs[-1]):.4f}")


if __name__ == "__main__":
    main()
