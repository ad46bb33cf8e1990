# case: b301-default-param-passes-nested-loop-ok
# source: https://openillumi.com/en/en-jax-jit-slow-for-loop-optimization
# kind: lookalike
# rules: SCN301
# jax: symptom hlo.count('stablehlo.divide') >= 12
# pair: b301-default-param-passes-nested-loop

import jax
import jax.numpy as jnp

@jax.jit
def smooth(signal, n_passes=12, width=3):
    def one_pass(_, signal):
        acc = jnp.zeros_like(signal)
        for k in range(width):
            acc = acc + jnp.roll(signal, k - 1)
        return acc / width
    return jax.lax.fori_loop(0, n_passes, one_pass, signal)

hlo = smooth.lower(jnp.arange(8.0)).as_text()
