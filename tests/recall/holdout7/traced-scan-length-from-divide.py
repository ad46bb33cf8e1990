# expect: bug
# source: https://github.com/jax-ml/jax/issues/4473
# mistake: Inside a jitted Euler integrator the scan length is computed with jnp.divide(time, dt).astype(int) from
#   traced arguments, but lax.scan needs a concrete Python int length, so tracing fails.
# case: traced-scan-length-from-divide
# kind: mistake
# rules: none
# jax: raises Abstract tracer value encountered where concrete value is expected
# note: Same structure as the thread (partial(jit, static_argnums=(0,)) with the vector field static and time/dt
#   traced); the vector field here is a damped oscillator instead of 0.9*x.
from functools import partial

import jax
import jax.numpy as jnp
from jax.lax import scan


def euler_integration_step(f, state, dt):
    return state + dt * f(state)


@partial(jax.jit, static_argnums=(0,))
def integrate_euler(f, initial_state, time, dt):
    propagated_state, _ = scan(
        f=lambda state, _: (euler_integration_step(f, state, dt), None),
        init=initial_state,
        length=jnp.divide(time, dt).astype(int),      # traced -> not a valid scan length
        xs=None,
    )
    return propagated_state


def oscillator(x):
    pos, vel = x
    return jnp.array([vel, -4.0 * pos - 0.1 * vel])


def main():
    return integrate_euler(oscillator, initial_state=jnp.array([1.0, 0.0]), time=1.0, dt=1e-2)


if __name__ == "__main__":
    RESULT = main()
