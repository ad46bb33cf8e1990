# case: scn207-through-jitted-wrapper
# source: https://github.com/jax-ml/jax/issues/14655
# kind: mistake
# rules: SCN207
# jax: symptom bool((before == after).all())
# note: a jitted closure over a module array; the reported slow compile (constant folding) no
#   longer reproduces on jax 0.10, which hoists the constant, but the value is still captured

import jax
import jax.numpy as jnp
from jax import lax
STACK = jnp.ones((40, 40)) * 0.5
def project(v, m):
    return m @ v
project_j = jax.jit(lambda v: project(v, STACK))
def run(xs):
    def step(c, x):
        return jnp.tanh(project_j(c) + x), c
    return lax.scan(step, jnp.zeros(40), xs)[0]
xs = jnp.ones((2, 40))
before = run(xs)
STACK = STACK * 0.0
after = run(xs)
