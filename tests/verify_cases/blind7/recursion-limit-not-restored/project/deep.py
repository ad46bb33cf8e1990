import sys

import jax


def flatten_deep(tree, limit=10_000):
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, limit))
    try:
        return jax.tree_util.tree_leaves(tree)
    finally:
        sys.setrecursionlimit(old)
