import sys

import jax


def flatten_deep(tree, limit=10_000):
    sys.setrecursionlimit(max(sys.getrecursionlimit(), limit))
    return jax.tree_util.tree_leaves(tree)
