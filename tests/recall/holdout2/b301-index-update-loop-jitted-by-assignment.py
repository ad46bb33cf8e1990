# case: b301-index-update-loop-jitted-by-assignment
# source: https://github.com/jax-ml/jax/issues/1832
# kind: mistake
# rules: SCN301
# jax: symptom n_eqns >= 49
# note: `import jax.numpy as np`, jitted by module-level assignment, range(1, 50) with .at[i].set
#   writes

import jax
import jax.numpy as np

def func_jax(x):
    out = np.zeros_like(x)
    for i in range(1, 50):
        out = out.at[i].set(out[i - 1] + x[i])
    return out.sum()

func_jax_jit = jax.jit(func_jax)
n_eqns = len(jax.make_jaxpr(func_jax)(np.ones(50)).jaxpr.eqns)
