# case: c000-partial-binds-leading-param-by-keyword
# source: https://github.com/jax-ml/jax/issues/17615
# kind: mistake
# rules: none
# jax: raises got multiple values for argument 'masked'
# note: a `fori_loop` body made by `functools.partial` binding its first parameter by keyword, so
#   the loop's index lands on it too

from functools import partial

import jax.numpy as jnp
from jax import lax


def block(masked, k, acc):
    w = jnp.where(masked & (k > 2), 0.0, 1.0)
    return acc + w * k


def attend(masked):
    return lax.fori_loop(0, 5, partial(block, masked=masked), jnp.float32(0.0))


out = attend(True)
