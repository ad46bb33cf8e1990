# case: bnone-traced-slice-in-fori-body
# source: https://github.com/jax-ml/jax/issues/7222
# kind: mistake
# rules: none
# jax: raises Slice entries must be static integers
# note: the fori_loop index as a slice bound

import jax
import jax.numpy as jnp

def prefix_sums(x):
    def body(i, out):
        return out.at[i].set(x[:i].sum())
    return jax.lax.fori_loop(0, x.shape[0], body, jnp.zeros_like(x))

out = prefix_sums(jnp.arange(5.0))
