# expect: none
# source: https://github.com/jax-ml/jax/issues/999
# mistake: none: the body uses jax.debug.print, which is staged into the loop and fires once per iteration with concrete values.
# kind: 7 side effects in loop bodies
import contextlib
import io

import jax
import jax.numpy as jnp
from jax import lax


def run_episode(q, n_steps):
    def step(i, q):
        q = 0.9 * q + 0.1 * jnp.tanh(q + i)
        jax.debug.print("step {i} q {q}", i=i, q=q)
        return q

    return lax.fori_loop(0, n_steps, step, q)


def main():
    buf = io.StringIO()
    n_steps = 6
    with contextlib.redirect_stdout(buf):
        q = run_episode(jnp.zeros(3), n_steps)
        q.block_until_ready()
        jax.effects_barrier()
    lines = [ln for ln in buf.getvalue().splitlines() if ln.startswith("step")]
    assert len(lines) == n_steps, lines


if __name__ == "__main__":
    main()
