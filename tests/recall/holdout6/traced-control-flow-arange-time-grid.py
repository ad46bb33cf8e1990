# expect: bug
# source: https://github.com/jax-ml/jax/issues/5186
# mistake: The jitted simulator builds its time grid with jnp.arange(0, n_steps) where n_steps is an
#   ordinary (traced) argument, so the array length is not known at trace time.
# case: traced-control-flow-arange-time-grid
# kind: mistake
# rules: SCN212
# jax: raises Abstract tracer value encountered where concrete value is expected
# note: The thread's minimal case was jit(lambda n: np.arange(0, n, 1))(5) breaking after upgrading;
#   here n_steps flows through a partial-applied simulate() used in a parameter scan.
from functools import partial

import jax
import jax.numpy as jnp


def decay_curve(rate, n_steps, dt):
    t = jnp.arange(0, n_steps) * dt
    return jnp.exp(-rate * t)


@partial(jax.jit, static_argnames=("dt",))
def simulate(rate, n_steps, dt=0.1):
    return decay_curve(rate, n_steps, dt)


def main():
    curves = [simulate(r, 50) for r in (0.5, 1.0)]
    return jnp.stack(curves)


if __name__ == "__main__":
    RESULT = main()
