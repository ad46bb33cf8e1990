# case: e207-module-array-jit-lambda
# source: https://github.com/jax-ml/jax/issues/5071
# kind: mistake
# rules: SCN207
# jax: symptom bool(jnp.allclose(before, after))
# note: a large NumPy matrix built at import reaches a fori_loop body through the closure
#   of jax.jit(lambda x: accumulate(x, A)), so it is baked into the compiled program as a
#   constant and a later `A = ...` at module level is ignored; the issue (x64, a 1e6 x 100
#   matrix) was about the memory this constant costs under jit and grad.

import jax
import jax.numpy as jnp
import numpy as np

A = np.ones((1000, 1000), dtype=np.float32)


def accumulate(x, mat):
    def body(i, acc):
        return acc + jnp.dot(mat, x) / (i + 1)

    return jax.lax.fori_loop(0, 5, body, jnp.zeros(mat.shape[0]))


fn = jax.jit(lambda x: accumulate(x, A))

x = np.ones(1000, dtype=np.float32)
before = fn(x)
A = np.full((1000, 1000), 2.0, dtype=np.float32)
after = fn(x)
print(float(before[0]), float(after[0]))
