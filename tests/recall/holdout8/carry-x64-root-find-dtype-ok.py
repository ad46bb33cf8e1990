# expect: none
# source: https://github.com/patrick-kidger/optimistix/issues/155
# mistake: looks like the x64 while_loop carry mismatch, but every carry leaf is initialised with the dtype of y0 (jnp.full((), jnp.inf, y0.dtype)), so the float32 body output matches the float32 carry
# kind: 5 carry-dtype
from typing import NamedTuple

import jax
import jax.numpy as jnp


class NewtonState(NamedTuple):
    y: jax.Array
    diffsize: jax.Array
    step: jax.Array


def fn(y, args):
    M = jnp.eye(y.shape[-1]) * 2.0
    return (M @ y - 1.0).astype(jnp.float32)


def root_find(fn, y0, rtol=1e-3, atol=1e-3, max_steps=256):
    def cond_fun(state):
        return (state.diffsize > atol + rtol * jnp.max(jnp.abs(state.y))) & (state.step < max_steps)

    def body_fun(state):
        f = fn(state.y, None)
        jac = jax.jacfwd(fn)(state.y, None)
        new_y = state.y - jnp.linalg.solve(jac, f)
        diffsize = jnp.max(jnp.abs(new_y - state.y)).astype(y0.dtype)
        return NewtonState(new_y, diffsize, state.step + 1)

    init = NewtonState(y0, jnp.full((), jnp.inf, dtype=y0.dtype), jnp.array(0))
    return jax.lax.while_loop(cond_fun, body_fun, init).y


def main():
    with jax.enable_x64(True):
        y0 = jnp.ones(10, dtype=jnp.float32)
        y = root_find(fn, y0)
        print(y.dtype, y[:3])
        assert jnp.allclose(y, 0.5, atol=1e-3)


if __name__ == "__main__":
    main()
