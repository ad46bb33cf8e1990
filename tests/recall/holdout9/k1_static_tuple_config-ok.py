# expect: none
# source: https://github.com/genjax-community/genjax/issues/1179
# mistake: none; the static argument is a hashable tuple that stays the same on every loop iteration, so the function compiles once.
# kind: 1 recompiles
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("layout",))
def pick(x, layout):
    return sum(x[i] for i in layout) + 1


def main():
    x = jnp.arange(5.0)
    layout = (0, 2, 4)
    total = jnp.zeros(())
    for step in range(3):
        total = total + pick(x * step, layout=layout)
    print("total:", float(total), "cache size:", pick._cache_size())


if __name__ == "__main__":
    main()
