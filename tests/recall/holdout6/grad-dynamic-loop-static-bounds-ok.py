# expect: none
# source: https://github.com/jax-ml/jax/issues/2956
# mistake: Looks like the same jitted fori_loop rollout under grad, but n_steps is a static argument,
#   so the bounds are Python ints, fori_loop lowers to scan and reverse mode works.
# case: grad-dynamic-loop-static-bounds-ok
# kind: lookalike
# rules: SCN210
# jax: runs
# pair: grad-dynamic-loop-jit-traced-bounds
# note: The thread's working configuration (constant bounds) applied to the same controller rollout.
from functools import partial

import jax
import jax.numpy as jnp

A = jnp.array([[1.0, 0.1], [0.0, 1.0]])
B = jnp.array([0.0, 0.1])


@partial(jax.jit, static_argnames=("n_steps",))
def rollout(gain, x0, n_steps):
    def step(t, x):
        u = -gain @ x
        return A @ x + B * u

    return jax.lax.fori_loop(0, n_steps, step, x0)


def loss(gain, x0, n_steps):
    xT = rollout(gain, x0, n_steps=n_steps)
    return jnp.sum(xT**2)


def main():
    gain = jnp.array([0.5, 0.5])
    x0 = jnp.array([1.0, 0.0])
    return jax.grad(loss)(gain, x0, 20)


if __name__ == "__main__":
    RESULT = main()
