# case: e207-module-array-as-argument-ok
# source: https://github.com/jax-ml/jax/issues/5071
# kind: lookalike
# rules: SCN207
# pair: e207-module-array-jit-lambda
# jax: symptom bool(jnp.allclose(before, after))
# note: the same module-level matrix, but passed to the jitted function as an argument
#   (the usual way around baking it in), so it is an input of the loop rather than a
#   constant, and a reassigned `A` is picked up by the next call.

import jax
import jax.numpy as jnp
import numpy as np

A = np.ones((1000, 1000), dtype=np.float32)


@jax.jit
def accumulate(x, mat):
    def body(i, acc):
        return acc + jnp.dot(mat, x) / (i + 1)

    return jax.lax.fori_loop(0, 5, body, jnp.zeros(mat.shape[0]))


x = np.ones(1000, dtype=np.float32)
before = accumulate(x, A)
A = np.full((1000, 1000), 2.0, dtype=np.float32)
after = accumulate(x, A)
print(float(before[0]), float(after[0]))
