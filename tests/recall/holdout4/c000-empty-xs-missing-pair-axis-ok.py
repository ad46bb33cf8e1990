# case: c000-empty-xs-missing-pair-axis-ok
# source: https://github.com/jax-ml/jax/pull/11810
# kind: lookalike
# rules: none
# jax: runs
# pair: c000-empty-xs-missing-pair-axis

import jax
import jax.numpy as jnp


def weighted_sum(pairs):
    def body(total, pair):
        value, weight = pair
        return total + value * weight, None
    return jax.lax.scan(body, 0.0, pairs)[0]


out = weighted_sum(jnp.zeros((0, 2)))
