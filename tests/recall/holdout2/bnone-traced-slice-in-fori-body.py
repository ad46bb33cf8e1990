# case: bnone-traced-slice-in-fori-body
# source: https://github.com/jax-ml/jax/issues/7222
# kind: mistake
# rules: none
# jax: raises Array slice indices must have static start/stop/step
# jax[jax>=0.7,<0.12]: raises Slice entries must be static integers
# note: the fori_loop index as a slice bound. jax 0.6.2 and 0.12.0.1 give the first text,
#   0.10.2 the second (the releases between 0.6.2 and 0.10.2, and 0.11, were not tried).

import jax
import jax.numpy as jnp

def prefix_sums(x):
    def body(i, out):
        return out.at[i].set(x[:i].sum())
    return jax.lax.fori_loop(0, x.shape[0], body, jnp.zeros_like(x))

out = prefix_sums(jnp.arange(5.0))
