# case: c301-subspace-sgd-steps-default
# source: https://github.com/probml/pyprobml/pull/649
# kind: mistake
# rules: SCN301
# jax: symptom hlo.count('stablehlo.tanh') >= 30
# note: gradient steps in a `@jax.jit` function, `range(n_steps)` of a parameter default, a `grad`
#   of a module-level loss in the body; the PR replaces the loop with `lax.scan` (whether its loop
#   ran under jit is not shown here)

import jax
import jax.numpy as jnp


def loss(z, proj, x, y):
    w = proj @ z
    return jnp.mean((jnp.tanh(x @ w) - y) ** 2)


@jax.jit
def subspace_learning(z, proj, x, y, lr=0.1, n_steps=30):
    for _ in range(n_steps):
        z = z - lr * jax.grad(loss)(z, proj, x, y)
    return z


args = (jnp.zeros(4), jnp.ones((8, 4)) * 0.1, jnp.ones((16, 8)), jnp.zeros(16))
hlo = subspace_learning.lower(*args).as_text()
