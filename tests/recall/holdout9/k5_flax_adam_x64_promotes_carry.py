# expect: bug
# source: https://github.com/google/flax/issues/924
# mistake: with x64 enabled, a hand-written Adam update inside lax.fori_loop computes bias correction from the int32 step count cast with `.astype(float)` (float64 under x64), which promotes the float32 parameters in the carry to float64.
# kind: 5 carry-dtype
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import lax


class AdamState(NamedTuple):
    params: jax.Array
    m: jax.Array
    v: jax.Array
    step: jax.Array


def adam_update(grad, state, lr=1e-3, b1=0.9, b2=0.999, eps=1e-8):
    t = (state.step + 1).astype(float)
    m = b1 * state.m + (1 - b1) * grad
    v = b2 * state.v + (1 - b2) * grad ** 2
    m_hat = m / (1 - b1 ** t)
    v_hat = v / (1 - b2 ** t)
    params = state.params - lr * m_hat / (jnp.sqrt(v_hat) + eps)
    return AdamState(params, m, v, state.step + 1)


def fit(x0, loss, n_steps):
    def body(i, state):
        g = jax.grad(loss)(state.params)
        return adam_update(g, state)

    init = AdamState(x0, jnp.zeros_like(x0), jnp.zeros_like(x0), jnp.zeros((), jnp.int32))
    return lax.fori_loop(0, n_steps, body, init)


def main():
    with jax.enable_x64(True):
        x0 = jnp.zeros(10, dtype=jnp.float32)
        state = fit(x0, lambda p: jnp.sum((p - 1.0) ** 2), 20)
        print(state.params.dtype)


if __name__ == "__main__":
    main()
