# expect: none
# source: https://github.com/jax-ml/jax/issues/4473
# mistake: Looks like computing the scan length from time and dt inside a jitted integrator, but time and dt are
#   static arguments, so the length is an ordinary Python int at trace time and the scan traces fine.
# case: traced-scan-length-from-divide-ok
# kind: lookalike
# rules: none
# jax: runs
# pair: traced-scan-length-from-divide
# note: The thread's suggested resolution is to make the quantities that fix the step count static (recompiling per
#   distinct value) and keep only the state traced.
from functools import partial

import jax
import jax.numpy as jnp
from jax.lax import scan


def euler_integration_step(f, state, dt):
    return state + dt * f(state)


@partial(jax.jit, static_argnums=(0, 2, 3))
def integrate_euler(f, initial_state, time, dt):
    n_steps = int(round(time / dt))                 # Python arithmetic on static values
    propagated_state, _ = scan(
        f=lambda state, _: (euler_integration_step(f, state, dt), None),
        init=initial_state,
        length=n_steps,
        xs=None,
    )
    return propagated_state


def oscillator(x):
    pos, vel = x
    return jnp.array([vel, -4.0 * pos - 0.1 * vel])


def main():
    return integrate_euler(oscillator, jnp.array([1.0, 0.0]), 1.0, 1e-2)


if __name__ == "__main__":
    RESULT = main()
