# expect: bug
# source: https://github.com/google/jaxopt/issues/221
# mistake: A ScipyBoundedMinimize-style wrapper is re-instantiated for every run, and each instance jits its own value_and_grad of the objective in __post_init__, so the objective is re-traced and recompiled for every new solver object even though `fun` never changes.
import dataclasses
from typing import Any, Callable

import jax
import jax.numpy as jnp
import numpy as np

TRACES = {"test": 0}


@dataclasses.dataclass(eq=False)
class ScipyBoundedMinimize:
    fun: Callable
    method: str = "L-BFGS-B"
    tol: float = 1e-3
    options: Any = None

    def __post_init__(self):
        # per-instance jit wrapper around the user's objective
        self._value_and_grad = jax.jit(jax.value_and_grad(self.fun))

    def run(self, init_params, bounds, lr=0.05):
        lo, hi = bounds
        x = np.asarray(init_params, dtype=np.float32)
        maxiter = (self.options or {}).get("maxiter", 600)
        for _ in range(maxiter):  # host-side loop, like scipy calling back into JAX
            val, g = self._value_and_grad(jnp.asarray(x))
            x_new = np.clip(x - lr * np.asarray(g), lo, hi)
            if np.max(np.abs(x_new - x)) < self.tol:
                break
            x = x_new
        return x, float(val)


def test(x):
    TRACES["test"] += 1
    return -(x + 2.0) ** 2


def main():
    options = {"disp": False, "maxiter": 600}
    results = []
    for x0 in [10.0, 5.0, -5.0, 50.0]:
        solver = ScipyBoundedMinimize(fun=test, tol=1e-3, options=options)  # new instance
        results.append(solver.run(jnp.array(x0), bounds=(-100, 100)))
    print(">>> results", [(float(x), v) for x, v in results])
    print("traces of the objective for 4 solver instances:", TRACES["test"])
    assert TRACES["test"] == 4
