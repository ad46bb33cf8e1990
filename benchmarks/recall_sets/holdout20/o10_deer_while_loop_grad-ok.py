# expect: none
# source: https://github.com/machine-discovery/deer/pull/37
# mistake: none; as in the PR, the fixed-point iteration is a `jax.lax.scan` of `max_iter` steps that stops updating once converged, so it is reverse-mode differentiable.
from typing import Callable

import jax
import jax.numpy as jnp


def cell(h_prev, x, params):
    return jnp.tanh(params["W"] @ h_prev + params["U"] @ x + params["b"])


def deer_iteration(
    func: Callable, params, xs, h0, yinit_guess, max_iter: int = 100, tol: float = 1e-6
):
    """Iteratively refine the whole trajectory y[0..T-1] until y[t] == func(y[t-1], x[t])."""

    def shift(ys):
        return jnp.concatenate([h0[None], ys[:-1]], axis=0)

    def iter_func(state):
        err, ys, it = state
        ys_new = jax.vmap(func, in_axes=(0, 0, None))(shift(ys), xs, params)
        err = jnp.max(jnp.abs(ys_new - ys))
        return err, ys_new, it + 1

    def scan_func(state, _):
        err, ys, it = state
        new_state = iter_func(state)
        # once converged, keep the state fixed
        state = jax.tree_util.tree_map(lambda a, b: jnp.where(err > tol, a, b), new_state, state)
        return state, None

    init = (jnp.array(1e10, dtype=xs.dtype), yinit_guess, jnp.array(0))
    (err, ys, it), _ = jax.lax.scan(scan_func, init, None, length=max_iter)
    return ys


def loss(params, xs, h0, target):
    ys = deer_iteration(cell, params, xs, h0, jnp.zeros((xs.shape[0], h0.shape[0])))
    return jnp.mean((ys[-1] - target) ** 2)


def main():
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(0), 3)
    nh, nx, T = 4, 3, 20
    params = {"W": 0.3 * jax.random.normal(k1, (nh, nh)), "U": jax.random.normal(k2, (nh, nx)), "b": jnp.zeros(nh)}
    xs = jax.random.normal(k3, (T, nx))
    h0 = jnp.zeros(nh)
    print("forward loss:", loss(params, xs, h0, jnp.ones(nh)))
    try:
        g = jax.grad(loss)(params, xs, h0, jnp.ones(nh))
        print("grad W norm:", jnp.linalg.norm(g["W"]))
    except Exception as e:  # noqa: BLE001
        print(f"{type(e).__name__}: {str(e).splitlines()[0]}")


if __name__ == "__main__":
    main()
