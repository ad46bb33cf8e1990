# case: bnone-tuple-of-records-as-xs
# source: https://github.com/jax-ml/jax/issues/19113
# kind: mistake
# rules: none
# jax: raises tuple index out of range
# note: a Python tuple of per-item records passed as xs instead of one stacked record

from typing import NamedTuple
import jax
import jax.numpy as jnp

class Node(NamedTuple):
    err: jax.Array

nodes = (Node(jnp.float32(0.1)), Node(jnp.float32(0.2)), Node(jnp.float32(0.3)))
_, values = jax.lax.scan(lambda _, node: (None, node.err * 2), None, nodes)
