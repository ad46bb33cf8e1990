# expect: bug
# source: https://github.com/jax-ml/jax/issues/4473
# mistake: The number of Euler steps is computed from traced horizon/dt and bound into the stepper with
#   functools.partial; fori_loop therefore gets a traced upper bound and becomes a while_loop, and the jitted gradient
#   with respect to the dynamics parameters cannot be taken in reverse mode.
# case: grad-fori-partial-horizon
# kind: mistake
# rules: none
# jax: raises Reverse-mode differentiation does not work for lax.while_loop or lax.fori_loop
# note: In the thread the integration time varies and the parameters are optimised with reverse-mode autodiff; the
#   reproduction moves the step count through functools.partial into a helper, as a configurable stepper would.
import functools

import jax
import jax.numpy as jnp
from jax import lax


def euler_fori(state, params, dt, *, n_steps):
    def body(i, s):
        return s + dt * (-params["k"] * s + params["b"])

    return lax.fori_loop(0, n_steps, body, state)


def make_stepper(horizon, dt):
    n_steps = jnp.floor(horizon / dt).astype(jnp.int32)       # traced when horizon is traced
    return functools.partial(euler_fori, dt=dt, n_steps=n_steps)


def loss(params, x0, target, horizon):
    stepper = make_stepper(horizon, 0.01)
    xT = stepper(x0, params)
    return jnp.sum((xT - target) ** 2)


def main():
    params = {"k": jnp.array(0.7), "b": jnp.array(0.1)}
    x0, target = jnp.ones(3), jnp.zeros(3)
    return jax.jit(jax.grad(loss))(params, x0, target, 1.5)


if __name__ == "__main__":
    RESULT = main()
