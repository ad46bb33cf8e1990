# expect: none
# source: https://github.com/jax-ml/jax/issues/5186
# mistake: Looks like jnp.arange sized by a jitted function's argument, but n_steps is declared static,
#   so it is a Python int at trace time (one compile per distinct length).
# case: traced-control-flow-arange-static-ok
# kind: lookalike
# rules: SCN212
# jax: runs
# pair: traced-control-flow-arange-time-grid
# note: The thread's resolution was to mark the length argument static; the same simulator is used.
from functools import partial

import jax
import jax.numpy as jnp


def decay_curve(rate, n_steps, dt):
    t = jnp.arange(0, n_steps) * dt
    return jnp.exp(-rate * t)


@partial(jax.jit, static_argnames=("n_steps", "dt"))
def simulate(rate, n_steps, dt=0.1):
    return decay_curve(rate, n_steps, dt)


def main():
    curves = [simulate(r, 50) for r in (0.5, 1.0)]
    return jnp.stack(curves)


if __name__ == "__main__":
    RESULT = main()
