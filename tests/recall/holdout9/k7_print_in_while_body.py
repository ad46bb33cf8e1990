# expect: bug
# source: https://github.com/OpenSCvx/OpenSCvx/pull/58
# mistake: the solver logs progress with Python print inside the lax.while_loop body, which only runs while tracing, so one line appears instead of one per iteration.
# kind: 7 side-effects
import contextlib
import io

import jax
import jax.numpy as jnp


def scp_solve(x0, max_iter=8, tol=1e-6):
    def cond(state):
        k, x, err = state
        return (k < max_iter) & (err > tol)

    def body(state):
        k, x, err = state
        x_new = 0.5 * (x + 2.0 / x)
        err = jnp.abs(x_new - x)
        print(f"iter {k}: err={err}")
        return k + 1, x_new, err

    return jax.lax.while_loop(cond, body, (0, x0, jnp.inf))


def main():
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        k, x, err = scp_solve(jnp.asarray(1.0))
    lines = buf.getvalue().splitlines()
    print(f"SYMPTOM: solver ran {int(k)} iterations but printed {len(lines)} progress line(s): {lines}")


if __name__ == "__main__":
    main()
