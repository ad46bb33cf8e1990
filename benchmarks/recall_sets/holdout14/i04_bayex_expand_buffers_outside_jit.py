# expect: bug
# source: https://github.com/alonfnt/bayex/issues/64
# mistake: fit() calls expand() outside jit on every iteration, appending the new observation so the buffers grow by one row, and the jitted acquisition step sees a new input shape each iteration and recompiles every time.
from typing import NamedTuple

import jax
import jax.numpy as jnp

TRACES = [0]


class OptimizerState(NamedTuple):
    params: jax.Array
    ys: jax.Array


def gaussian_process(xs, ys, candidates, length_scale=0.5, noise=1e-3):
    K = jnp.exp(-((xs[:, None] - xs[None, :]) ** 2) / length_scale) + noise * jnp.eye(xs.shape[0])
    Ks = jnp.exp(-((candidates[:, None] - xs[None, :]) ** 2) / length_scale)
    mean = Ks @ jnp.linalg.solve(K, ys)
    var = 1.0 - jnp.sum(Ks * jnp.linalg.solve(K, Ks.T).T, axis=1)
    return mean, jnp.sqrt(jnp.maximum(var, 1e-9))


@jax.jit
def acquisition_step(params, ys, candidates):
    TRACES[0] += 1
    mean, std = gaussian_process(params, ys, candidates)
    ucb = mean + 2.0 * std
    return candidates[jnp.argmax(ucb)]


def expand(opt_state: OptimizerState, x, y) -> OptimizerState:
    return OptimizerState(jnp.append(opt_state.params, x), jnp.append(opt_state.ys, y))


def fit(f, opt_state, candidates, n_iter):
    for _ in range(n_iter):
        x_next = acquisition_step(opt_state.params, opt_state.ys, candidates)
        y_next = f(x_next)
        opt_state = expand(opt_state, x_next, y_next)
    return opt_state


def main():
    f = lambda x: -(x - 0.3) ** 2
    xs0 = jnp.array([-1.0, 1.0])
    state = OptimizerState(xs0, f(xs0))
    candidates = jnp.linspace(-2, 2, 101)
    state = fit(f, state, candidates, n_iter=8)
    print("iterations: 8 acquisition traces:", TRACES[0], "best:", state.params[jnp.argmax(state.ys)])
    return state


if __name__ == "__main__":
    main()
