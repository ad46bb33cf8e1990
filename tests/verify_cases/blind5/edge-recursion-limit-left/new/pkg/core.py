import sys


def depth(tree):
    if not isinstance(tree, (list, tuple)) or not tree:
        return 0
    return 1 + max(depth(t) for t in tree)


def walk(tree):
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 5000))
    try:
        return depth(tree)
    finally:
        pass
