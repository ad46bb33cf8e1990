# expect: bug
# source: https://github.com/patrick-kidger/diffrax/issues/94
# mistake: A jitted fixed-step RK4 solver advances the state with a Python for loop over all time steps, so tracing
#   unrolls every step into the program and compile time grows with the number of steps.
# case: unrolled-python-timestep-loop-jit
# kind: mistake
# rules: none
# jax: symptom RESULT > 1000
# note: The issue compared diffrax's jit compile time with odeint's and traced it to a Python for loop inside the
#   solve path ("I will try replacing the for loop"); the reproduction puts the Python loop over time steps in a
#   small RK4 integrator and measures the size of the traced program instead of wall-clock compile time.
from functools import partial

import jax
import jax.numpy as jnp


def lotka_volterra(t, y, args):
    a, b, c, d = args
    prey, pred = y
    return jnp.stack([a * prey - b * prey * pred, c * prey * pred - d * pred])


def rk4_step(f, t, y, dt, args):
    k1 = f(t, y, args)
    k2 = f(t + dt / 2, y + dt / 2 * k1, args)
    k3 = f(t + dt / 2, y + dt / 2 * k2, args)
    k4 = f(t + dt, y + dt * k3, args)
    return y + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)


def solve(y0, args, t1=10.0, n_steps=200):
    dt = t1 / n_steps
    y, t = y0, 0.0
    ys = []
    for _ in range(n_steps):                      # unrolled at trace time
        y = rk4_step(lotka_volterra, t, y, dt, args)
        t = t + dt
        ys.append(y)
    return jnp.stack(ys)


def main():
    y0 = jnp.array([10.0, 5.0])
    args = (1.1, 0.4, 0.1, 0.4)
    jaxpr = jax.make_jaxpr(partial(solve, n_steps=200))(y0, args)
    return len(jaxpr.jaxpr.eqns)


if __name__ == "__main__":
    RESULT = main()
