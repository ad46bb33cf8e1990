# expect: bug
# source: https://github.com/jax-ml/jax/issues/587
# mistake: A solver method builds its while_loop body as a fresh closure on every call and runs lax.while_loop
#   eagerly (outside jit) from a Python loop, so the loop body is re-traced and the While re-compiled on every call.
# case: recompile-eager-while-body-closure
# kind: mistake
# rules: none
# jax: symptom RESULT >= 4
# note: The thread times op-by-op lax.while_loop/fori_loop with an already-jitted body and finds every eager call pays
#   compilation again; here the body is a per-call closure inside a Newton-style solver class, and the trace count
#   of the body stands in for the thread's timings.
import jax
import jax.numpy as jnp
from jax import lax

BODY_TRACES = [0]


class NewtonSqrt:
    """Computes sqrt(a) by Newton iterations until the update is small."""

    def __init__(self, tol=1e-5, max_iter=50):
        self.tol = tol
        self.max_iter = max_iter

    def solve(self, a):
        tol, max_iter = self.tol, self.max_iter

        def body(state):  # new function object on every solve() call
            BODY_TRACES[0] += 1
            i, x, _ = state
            x_new = 0.5 * (x + a / x)
            return i + 1, x_new, jnp.abs(x_new - x)

        def cond(state):
            i, _, delta = state
            return (i < max_iter) & (delta > tol)

        init = (0, jnp.asarray(a, jnp.float32), jnp.asarray(1.0, jnp.float32))
        _, x, _ = lax.while_loop(cond, body, init)
        return x


def main():
    solver = NewtonSqrt()
    roots = []
    for a in [2.0, 3.0, 5.0, 7.0]:          # e.g. one solve per outer optimisation step
        roots.append(float(solver.solve(jnp.float32(a))))
    return BODY_TRACES[0]


if __name__ == "__main__":
    RESULT = main()
