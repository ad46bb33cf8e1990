# expect: none
# source: https://github.com/jax-ml/jax/issues/4471
# mistake: none: the answer's fix builds the mask with plain numpy from the static arguments, so it stays concrete and boolean indexing works under jit.
# kind: 2 traced values in Python control flow and shapes
from functools import partial

import numpy as onp
import jax
import jax.numpy as np


@partial(jax.jit, static_argnums=(1,))
def leading_sum(x, k):
    mask = onp.arange(x.shape[0]) < k
    return x[mask].sum()


def main():
    x = np.linspace(0.0, 1.0, 12)
    totals = [leading_sum(x, k) for k in range(2, 6)]
    assert len(totals) == 4


if __name__ == "__main__":
    main()
