# case: cnone-range-loop-under-jit-of-grad-ok
# source: https://github.com/jax-ml/jax/issues/1399
# kind: lookalike
# rules: none
# jax: symptom hlo.count('stablehlo.sine') >= 40
# pair: cnone-range-loop-under-jit-of-grad

import jax
import jax.numpy as jnp

NUM_ARG = 40
var = jnp.linspace(0.0, 1.0, 16)

def func(arg):
    def term(i, acc):
        numerator, divider = acc
        temp = arg[i] * var
        s = jnp.sin(temp) + jnp.cos(temp)
        return numerator + jnp.sum(s) ** 2, divider + jnp.sum(s ** 2)
    numerator, divider = jax.lax.fori_loop(0, NUM_ARG, term, (0.0, 0.0))
    return jnp.log(numerator / jnp.sqrt(divider))

res = jax.jit(jax.grad(func))
hlo = res.lower(jnp.ones(NUM_ARG)).as_text()
