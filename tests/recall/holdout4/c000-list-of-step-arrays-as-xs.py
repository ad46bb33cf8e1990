# case: c000-list-of-step-arrays-as-xs
# source: https://github.com/jax-ml/jax/issues/763
# kind: mistake
# rules: none
# jax: symptom ys.shape[0] != 3
# note: a Python list of per-step arrays passed as `xs`: scan takes it as a pytree of three leaves
#   and runs five steps, not three (the thread asks how a tuple `xs` is scanned)

import jax
import jax.numpy as jnp


def drive(x0, inputs):
    def step(x, u):
        x = 0.5 * x + sum(u)
        return x, x
    return jax.lax.scan(step, x0, inputs)


steps = [jnp.full(5, 1.0), jnp.full(5, 2.0), jnp.full(5, 3.0)]
final, ys = drive(jnp.zeros(5), steps)
