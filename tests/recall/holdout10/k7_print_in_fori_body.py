# expect: bug
# source: https://github.com/jax-ml/jax/issues/999
# mistake: a Python print inside the lax.fori_loop body is used for debugging, but the body is traced once, so it prints a single tracer instead of one line per iteration.
# kind: 7 side effects in loop bodies
import contextlib
import io

import jax.numpy as jnp
from jax import lax


def run_episode(q, n_steps):
    def step(i, q):
        q = 0.9 * q + 0.1 * jnp.tanh(q + i)
        print("step", i, "q", q)  # debugging output
        return q

    return lax.fori_loop(0, n_steps, step, q)


def main():
    buf = io.StringIO()
    n_steps = 6
    with contextlib.redirect_stdout(buf):
        q = run_episode(jnp.zeros(3), n_steps)
        q.block_until_ready()
    lines = [ln for ln in buf.getvalue().splitlines() if ln.startswith("step")]
    if len(lines) < n_steps:
        print(f"SYMPTOM: loop ran {n_steps} iterations but the body printed {len(lines)} line(s): {lines[0][:60]!r}")


if __name__ == "__main__":
    main()
