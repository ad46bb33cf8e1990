# expect: bug
# source: https://github.com/patrick-kidger/optimistix/issues/155
# mistake: the root-find loop state initialises diffsize with jnp.array(jnp.inf, dtype=float), a default-precision array (float64 once x64 is enabled) while the body recomputes it from the float32 iterate, so the while_loop carry changes f64 -> f32 and raises a TypeError
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
        diffsize = jnp.max(jnp.abs(new_y - state.y))
        return NewtonState(new_y, diffsize, state.step + 1)

    init = NewtonState(y0, jnp.array(jnp.inf, dtype=float), jnp.array(0))
    return jax.lax.while_loop(cond_fun, body_fun, init).y


def main():
    y0 = jnp.ones(10, dtype=jnp.float32)
    print("x32 ok:", root_find(fn, y0)[:3])
    with jax.enable_x64(True):
        y0 = jnp.ones(10, dtype=jnp.float32)
        # raises TypeError: while_loop body function carry input and carry output must have equal types
        print(root_find(fn, y0)[:3])


if __name__ == "__main__":
    main()
