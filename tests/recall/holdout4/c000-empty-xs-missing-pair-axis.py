# case: c000-empty-xs-missing-pair-axis
# source: https://github.com/jax-ml/jax/pull/11810
# kind: mistake
# rules: none
# jax: raises iteration over a 0-d array
# note: an empty `xs` built without its pair axis, so the body unpacks a 0-d slice (the body
#   unpacks `x`, not the carry)

import jax
import jax.numpy as jnp


def weighted_sum(pairs):
    def body(total, pair):
        value, weight = pair
        return total + value * weight, None
    return jax.lax.scan(body, 0.0, pairs)[0]


out = weighted_sum(jnp.array([]))
