# expect: none
# source: https://openillumi.com/?p=112058
# mistake: Looks like a Python for loop inside a jitted solver, but it only runs over the four fixed Runge-Kutta stages
#   (a small static range) inside a lax.scan over time steps, so the traced program stays small.
# case: unrolled-rk-stages-static-loop-ok
# kind: lookalike
# rules: none
# jax: symptom RESULT > 1000
# pair: unrolled-python-timestep-loop-jit
# note: The Stack Overflow question behind the article weighs Python for loops (fully unrolled) against lax.scan; the
#   answer is to scan long loops and leave short static loops unrolled, which is what this integrator does.
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax

RK4_A = ((), (0.5,), (0.0, 0.5), (0.0, 0.0, 1.0))
RK4_B = (1 / 6, 1 / 3, 1 / 3, 1 / 6)
RK4_C = (0.0, 0.5, 0.5, 1.0)


def lotka_volterra(t, y, args):
    a, b, c, d = args
    prey, pred = y
    return jnp.stack([a * prey - b * prey * pred, c * prey * pred - d * pred])


def rk_step(f, t, y, dt, args):
    ks = []
    for a_row, c in zip(RK4_A, RK4_C):            # 4 static stages
        yi = y + dt * sum(a * k for a, k in zip(a_row, ks)) if ks else y
        ks.append(f(t + c * dt, yi, args))
    return y + dt * sum(b * k for b, k in zip(RK4_B, ks))


def solve(y0, args, t1=10.0, n_steps=200):
    dt = t1 / n_steps

    def body(carry, _):
        t, y = carry
        y = rk_step(lotka_volterra, t, y, dt, args)
        return (t + dt, y), y

    _, ys = lax.scan(body, (0.0, y0), None, length=n_steps)
    return ys


def main():
    y0 = jnp.array([10.0, 5.0])
    args = (1.1, 0.4, 0.1, 0.4)
    jax.jit(solve, static_argnames=("n_steps",))(y0, args, n_steps=200)
    jaxpr = jax.make_jaxpr(partial(solve, n_steps=200))(y0, args)
    return len(jaxpr.jaxpr.eqns)


if __name__ == "__main__":
    RESULT = main()
