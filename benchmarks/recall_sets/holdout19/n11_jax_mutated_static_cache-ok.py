# expect: none
# source: https://github.com/jax-ml/jax/issues/13992
# mistake: the static config is an immutable frozen dataclass and a new instance is built for every sweep value, so each distinct value gets its own cache entry and the results are correct.
from dataclasses import dataclass
from functools import partial

from jax import jit


@dataclass(frozen=True)
class StaticValue:
    val: int


@partial(jit, static_argnums=0)
def add(v, y):
    return y + v.val


def main():
    results = []
    for val in [100, 0, 7]:
        v = StaticValue(val)
        results.append(int(add(v, 1)))
    print("expected [101, 1, 8], got", results)
