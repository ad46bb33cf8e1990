# case: b301-index-update-loop-jitted-by-assignment-ok
# source: https://github.com/jax-ml/jax/issues/1832
# kind: lookalike
# rules: SCN301
# jax: symptom n_eqns >= 49
# pair: b301-index-update-loop-jitted-by-assignment

import jax
import jax.numpy as np

def func_jax(x):
    out = np.zeros_like(x)
    def body(i, out):
        return out.at[i].set(out[i - 1] + x[i])
    out = jax.lax.fori_loop(1, 50, body, out)
    return out.sum()

func_jax_jit = jax.jit(func_jax)
n_eqns = len(jax.make_jaxpr(func_jax)(np.ones(50)).jaxpr.eqns)
