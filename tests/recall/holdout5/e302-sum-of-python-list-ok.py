# case: e302-sum-of-python-list-ok
# source: https://github.com/jax-ml/jax/issues/7088
# kind: lookalike
# rules: SCN302
# jax: symptom len(jax.make_jaxpr(use_sum)(arrays).eqns) > 4
# note: builtin sum() over a Python list of two arrays inside jit: the iteration is over
#   the list, not over a traced array, so only two adds are traced; the issue only asked
#   why the jaxpr keeps the leading `add 0`.

import jax
import jax.numpy as jnp

arrays = [jnp.arange(i, i + 3.0) for i in (5, 8)]


def use_sum(l):
    return sum(l)


print(jax.jit(use_sum)(arrays))
print(jax.make_jaxpr(use_sum)(arrays))
