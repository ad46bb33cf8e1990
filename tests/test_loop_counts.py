"""SCN301's message counts the copies jit makes of a nest whose inner range follows the
outer index: n(n-1)/2 for `for i in range(n): for j in range(i)`, not n."""

import pytest

from scanlint.core.settings import Settings
from scanlint.engine.check import check_text

NEST = """import jax
import jax.numpy as jnp


@jax.jit
def nest(v):
    for i in range({outer}):
        for j in range({inner}):
            v = v.at[i].add(v[j])
    return v
"""


@pytest.mark.parametrize("outer,inner", [
    ("12", "i"), ("1, 12", "i + 1, 12"), ("0, 20, 2", "i // 2"), ("10", "i, 10")])
def test_a_triangular_nest_counts_every_copy(outer, inner):
    bounds = [int(x) for x in outer.split(",")]
    copies = sum(len(range(*eval(f"({inner},)", {"i": i}))) for i in range(*bounds))
    [found] = check_text(NEST.format(outer=outer, inner=inner), "nest.py",
                         Settings(select=("SCN301",)))
    steps = len(range(*bounds))
    assert f"is unrolled {max(copies, steps)} times under `jit` ({steps} steps, and the loops " \
           "inside it take `i` in their range)" in found.message
