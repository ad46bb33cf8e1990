# case: cnone-range-loop-under-jit-of-grad
# source: https://github.com/jax-ml/jax/issues/1399
# kind: mistake
# rules: none
# jax: symptom hlo.count('stablehlo.sine') >= 40
# note: range of a module constant in a function jitted as jax.jit(jax.grad(func)); `jit` of a
#   `grad` is not among SCN301's documented ways of running under jit

import jax
import jax.numpy as jnp

NUM_ARG = 40
var = jnp.linspace(0.0, 1.0, 16)

def func(arg):
    numerator = 0.0
    divider = 0.0
    for i in range(NUM_ARG):
        temp = arg[i] * var
        s = jnp.sin(temp) + jnp.cos(temp)
        divider = divider + jnp.sum(s ** 2)
        numerator = numerator + jnp.sum(s) ** 2
    return jnp.log(numerator / jnp.sqrt(divider))

res = jax.jit(jax.grad(func))
hlo = res.lower(jnp.ones(NUM_ARG)).as_text()
