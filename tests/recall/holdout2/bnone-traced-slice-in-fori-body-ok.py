# case: bnone-traced-slice-in-fori-body-ok
# source: https://github.com/jax-ml/jax/issues/7222
# kind: lookalike
# rules: none
# jax: runs
# pair: bnone-traced-slice-in-fori-body

import jax
import jax.numpy as jnp

def prefix_sums(x):
    def body(i, out):
        return out.at[i].set(jnp.where(jnp.arange(x.shape[0]) < i, x, 0.0).sum())
    return jax.lax.fori_loop(0, x.shape[0], body, jnp.zeros_like(x))

out = prefix_sums(jnp.arange(5.0))
