# expect: bug
# source: https://github.com/genjax-community/genjax/issues/1179
# mistake: a Python list is passed in a static_argnums position of a jitted function called in a loop; lists are unhashable so the static argument cannot be cached.
# kind: 1 recompiles
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(1,))
def select_and_bump(x, indices):
    return x[indices[0]] + 1


def main():
    x = jnp.arange(5.0)
    out = []
    for step in range(3):
        out.append(select_and_bump(x, [step]))
    print(out)


if __name__ == "__main__":
    main()
