# expect: bug
# source: https://github.com/jax-ml/jax/issues/13992
# mistake: a hashable config object passed as a static argument is mutated in place between calls in the sweep loop, so the jit cache keeps returning the computation compiled for the first value and the sweep silently reuses the stale constant.
from functools import partial

from jax import jit


class StaticValue:
    def __init__(self, val):
        self.val = val

    def __hash__(self):
        return hash(self.val)

    def __eq__(self, other):
        return isinstance(other, StaticValue) and self.val == other.val


@partial(jit, static_argnums=0)
def add(v, y):
    return y + v.val


def main():
    v = StaticValue(100)
    results = []
    for val in [100, 0, 7]:
        v.val = val
        results.append(int(add(v, 1)))
    print("expected [101, 1, 8], got", results)
