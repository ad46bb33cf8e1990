# case: bnone-tuple-of-records-as-xs-ok
# source: https://github.com/jax-ml/jax/issues/19113
# kind: lookalike
# rules: none
# jax: runs
# pair: bnone-tuple-of-records-as-xs

from typing import NamedTuple
import jax
import jax.numpy as jnp

class Node(NamedTuple):
    err: jax.Array

nodes = (Node(jnp.float32(0.1)), Node(jnp.float32(0.2)), Node(jnp.float32(0.3)))
stacked = jax.tree.map(lambda *leaves: jnp.stack(leaves), *nodes)
_, values = jax.lax.scan(lambda _, node: (None, node.err * 2), None, stacked)
