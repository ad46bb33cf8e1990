# case: scn207-through-jitted-wrapper-ok
# source: https://github.com/jax-ml/jax/issues/14655
# kind: lookalike
# rules: SCN207
# jax: symptom bool((before == after).all())
# pair: scn207-through-jitted-wrapper

import jax
import jax.numpy as jnp
from jax import lax
STACK = jnp.ones((40, 40)) * 0.5
def project(v, m):
    return m @ v
project_j = jax.jit(project)
def run(xs, m):
    def step(c, x):
        return jnp.tanh(project_j(c, m) + x), c
    return lax.scan(step, jnp.zeros(40), xs)[0]
xs = jnp.ones((2, 40))
before = run(xs, STACK)
STACK = STACK * 0.0
after = run(xs, STACK)
