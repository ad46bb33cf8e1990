# expect: none
# source: https://github.com/google/jaxopt/issues/451
# mistake: Look-alike: init_state creates every scalar field with the exact dtype update returns, so the jitted update keeps one signature across the run loop.
# kind: 5 carry structure / dtype / weak-type mismatch
from typing import NamedTuple

import jax
import jax.numpy as jnp


class GDState(NamedTuple):
    iter_num: jax.Array
    stepsize: jax.Array
    value: jax.Array
    error: jax.Array


class GradientDescent:
    def __init__(self, fun, stepsize=0.1, maxiter=6):
        self.fun = fun
        self.stepsize = stepsize
        self.maxiter = maxiter

    def init_state(self, params):
        return GDState(iter_num=jnp.asarray(0, dtype=jnp.int32),
                       stepsize=jnp.asarray(self.stepsize, dtype=jnp.float32),
                       value=jnp.asarray(jnp.inf, dtype=jnp.float32),
                       error=jnp.asarray(jnp.inf, dtype=jnp.float32))

    def update(self, params, state):
        value, grad = jax.value_and_grad(self.fun)(params)
        params = params - state.stepsize.astype(params.dtype) * grad
        return params, GDState(iter_num=state.iter_num + 1,
                               stepsize=jnp.asarray(state.stepsize, dtype=jnp.float32),
                               value=value.astype(jnp.float32),
                               error=jnp.sqrt(jnp.sum(grad.astype(jnp.float32) ** 2)))

    def run(self, params):
        state = self.init_state(params)
        update = jax.jit(self.update)
        for _ in range(self.maxiter):
            params, state = update(params, state)
        return params, state, update


def loss(w):
    return jnp.sum((w - 1.0) ** 2)


def main():
    solver = GradientDescent(loss)
    params, state, update = solver.run(jnp.zeros(4, dtype=jnp.bfloat16))
    n = update._cache_size()
    assert n == 1, n


if __name__ == "__main__":
    main()
