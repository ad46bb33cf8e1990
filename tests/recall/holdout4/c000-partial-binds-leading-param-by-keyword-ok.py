# case: c000-partial-binds-leading-param-by-keyword-ok
# source: https://github.com/jax-ml/jax/issues/17615
# kind: lookalike
# rules: none
# jax: runs
# pair: c000-partial-binds-leading-param-by-keyword

from functools import partial

import jax.numpy as jnp
from jax import lax


def block(k, acc, masked):
    w = jnp.where(masked & (k > 2), 0.0, 1.0)
    return acc + w * k


def attend(masked):
    return lax.fori_loop(0, 5, partial(block, masked=masked), jnp.float32(0.0))


out = attend(True)
