# expect: bug
# source: https://github.com/patrick-kidger/optimistix/issues/207
# mistake: a Newton root-find keeps `diffsize` in its while_loop carry, initialised as jnp.inf * jnp.ones(()) (a strong float64 when x64 is on) while the body recomputes it from the float32 iterate, so the carry dtype changes.
# kind: 5 carry-dtype
import jax
import jax.numpy as jnp
from jax import lax


def newton_root_find(fn, y0, rtol=1e-3, atol=1e-3, max_steps=50):
    jac = jax.jacfwd(fn)

    def cond(state):
        y, diffsize, step = state
        return (diffsize > atol + rtol * jnp.max(jnp.abs(y))) & (step < max_steps)

    def body(state):
        y, _, step = state
        dy = jnp.linalg.solve(jac(y), fn(y))
        return y - dy, jnp.max(jnp.abs(dy)), step + 1

    init = (y0, jnp.inf * jnp.ones(()), 0)
    y, _, _ = lax.while_loop(cond, body, init)
    return y


def main():
    with jax.enable_x64(True):
        def fn(y):
            M = jnp.eye(y.shape[-1], dtype=y.dtype)
            return (M @ y - 0.5).astype(jnp.float32)

        y0 = jnp.ones(10, dtype=jnp.float32)
        print(newton_root_find(fn, y0))


if __name__ == "__main__":
    main()
