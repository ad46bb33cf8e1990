# expect: bug
# source: https://github.com/jax-ml/jax/issues/4471
# mistake: a boolean mask built with jnp inside the jitted function (from static sizes only) is a tracer, so x[mask] raises NonConcreteBooleanIndexError for every window in the loop.
# kind: 2 traced values in Python control flow and shapes
from functools import partial

import jax
import jax.numpy as np


@partial(jax.jit, static_argnums=(1,))
def leading_sum(x, k):
    mask = np.arange(x.shape[0]) < k
    return x[mask].sum()


def main():
    x = np.linspace(0.0, 1.0, 12)
    totals = []
    for k in range(2, 6):
        totals.append(leading_sum(x, k))
    print([float(t) for t in totals])


if __name__ == "__main__":
    main()
