# case: cnone-loop-over-identical-layers-under-jit-ok
# source: https://github.com/patrick-kidger/equinox/issues/246
# kind: lookalike
# rules: none
# jax: symptom hlo.count('stablehlo.tanh') >= 24
# pair: cnone-loop-over-identical-layers-under-jit

import jax
import jax.numpy as jnp

layers = [(jnp.eye(8) * 0.5, jnp.ones(8) * k) for k in range(24)]
stacked = jax.tree.map(lambda *leaves: jnp.stack(leaves), *layers)

@jax.jit
def mlp(stacked, x):
    def layer(x, wb):
        w, b = wb
        return jnp.tanh(w @ x + b), None
    x, _ = jax.lax.scan(layer, x, stacked)
    return x

hlo = mlp.lower(stacked, jnp.ones(8)).as_text()
