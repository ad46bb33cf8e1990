# expect: none
# source: https://github.com/google/jaxopt/issues/303
# mistake: looks like a solver run re-jitted in a loop over datasets, but the solver (a bag of fixed hyper-parameters) and the jitted_run wrapper are built once outside the loop, so each new dataset of the same shape reuses the compiled run
# kind: 1 recompile
from dataclasses import dataclass
from typing import Callable

import jax
import jax.numpy as jnp
from jax import lax

TRACES = 0


@dataclass(frozen=True)
class GradientDescent:
    fun: Callable
    stepsize: float = 0.1
    maxiter: int = 50

    def run(self, init_params, data):
        grad_fn = jax.grad(self.fun)

        def body(_, params):
            return params - self.stepsize * grad_fn(params, data)

        return lax.fori_loop(0, self.maxiter, body, init_params)


def my_func(params, data):
    x, y = data
    return jnp.mean((x @ params - y) ** 2)


mini = GradientDescent(my_func, stepsize=0.1, maxiter=50)


@jax.jit
def jitted_run(start, data_tuple):
    global TRACES
    TRACES += 1
    return mini.run(start, data_tuple)


def main():
    start = jnp.zeros(3)
    key = jax.random.key(0)
    results = []
    for _ in range(4):
        key, kx = jax.random.split(key)
        x = jax.random.normal(kx, (16, 3))
        y = x @ jnp.array([1.0, -2.0, 0.5])
        results.append(jitted_run(start, (x, y)))
    print("last solution:", results[-1], "traces:", TRACES)
    assert TRACES == 1


if __name__ == "__main__":
    main()
