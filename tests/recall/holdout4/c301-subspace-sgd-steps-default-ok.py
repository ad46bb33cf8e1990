# case: c301-subspace-sgd-steps-default-ok
# source: https://github.com/probml/pyprobml/pull/649
# kind: lookalike
# rules: SCN301
# jax: symptom hlo.count('stablehlo.tanh') >= 30
# pair: c301-subspace-sgd-steps-default

import jax
import jax.numpy as jnp


def loss(z, proj, x, y):
    w = proj @ z
    return jnp.mean((jnp.tanh(x @ w) - y) ** 2)


@jax.jit
def subspace_learning(z, proj, x, y, lr=0.1, n_steps=30):
    def step(_, z):
        return z - lr * jax.grad(loss)(z, proj, x, y)
    return jax.lax.fori_loop(0, n_steps, step, z)


args = (jnp.zeros(4), jnp.ones((8, 4)) * 0.1, jnp.ones((16, 8)), jnp.zeros(16))
hlo = subspace_learning.lower(*args).as_text()
