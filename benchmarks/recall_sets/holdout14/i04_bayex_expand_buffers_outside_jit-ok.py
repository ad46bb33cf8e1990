# expect: none
# source: https://github.com/alonfnt/bayex/issues/64
# mistake: (correct) observations live in fixed-capacity buffers with a validity mask that are updated with .at[].set, so the jitted acquisition step always sees the same shapes and compiles once.
from typing import NamedTuple

import jax
import jax.numpy as jnp

TRACES = [0]
CAPACITY = 16


class OptimizerState(NamedTuple):
    params: jax.Array
    ys: jax.Array
    mask: jax.Array
    count: jax.Array


def gaussian_process(xs, ys, mask, candidates, length_scale=0.5, noise=1e-3):
    m = mask.astype(xs.dtype)
    K = jnp.exp(-((xs[:, None] - xs[None, :]) ** 2) / length_scale) * m[:, None] * m[None, :]
    K = K + jnp.diag(jnp.where(mask, noise, 1.0))
    Ks = jnp.exp(-((candidates[:, None] - xs[None, :]) ** 2) / length_scale) * m[None, :]
    mean = Ks @ jnp.linalg.solve(K, ys * m)
    var = 1.0 - jnp.sum(Ks * jnp.linalg.solve(K, Ks.T).T, axis=1)
    return mean, jnp.sqrt(jnp.maximum(var, 1e-9))


@jax.jit
def acquisition_step(state, candidates):
    TRACES[0] += 1
    mean, std = gaussian_process(state.params, state.ys, state.mask, candidates)
    return candidates[jnp.argmax(mean + 2.0 * std)]


@jax.jit
def expand(state: OptimizerState, x, y) -> OptimizerState:
    i = state.count
    return OptimizerState(state.params.at[i].set(x), state.ys.at[i].set(y), state.mask.at[i].set(True), i + 1)


def main():
    f = lambda x: -(x - 0.3) ** 2
    xs0 = jnp.array([-1.0, 1.0])
    state = OptimizerState(
        jnp.zeros(CAPACITY).at[:2].set(xs0), jnp.zeros(CAPACITY).at[:2].set(f(xs0)),
        jnp.zeros(CAPACITY, bool).at[:2].set(True), jnp.array(2),
    )
    candidates = jnp.linspace(-2, 2, 101)
    for _ in range(8):
        x_next = acquisition_step(state, candidates)
        state = expand(state, x_next, f(x_next))
    best = state.params[jnp.argmax(jnp.where(state.mask, state.ys, -jnp.inf))]
    print("iterations: 8 acquisition traces:", TRACES[0], "best:", best)
    return state


if __name__ == "__main__":
    main()
