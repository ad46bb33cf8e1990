# case: e301-module-index-pairs-at-set
# source: https://github.com/jax-ml/jax/issues/9463
# kind: mistake
# rules: SCN301
# jax: symptom jaxpr_chars(fill_rows) > 20 * jaxpr_chars(fill_rows_gather)
# note: rows of an output filled one by one with `.at[i, :].set(...)` while looping over a
#   module-level tuple of (start, stop) offsets built at import; the issue looped
#   `for i in range(num_rows)` over a module-level list `kvals` inside @jax.jit.

import jax
import jax.numpy as jnp
import numpy as np

NUM_COLS = 4
KVALS = tuple(range(0, 4 * 96 + 1, 4))
OFFSETS = tuple(zip(KVALS[:-1], KVALS[1:]))  # 96 (start, stop) pairs


@jax.jit
def fill_rows(par_log):
    arr_1 = jnp.zeros((len(OFFSETS), NUM_COLS))
    arr_2 = jnp.zeros((len(OFFSETS), NUM_COLS))
    for i, (lo, hi) in enumerate(OFFSETS):
        arr_1 = arr_1.at[i, :].set(par_log[lo:hi])
        arr_2 = arr_2.at[i, :].set(10.0 ** par_log[lo:hi])
    return arr_1, arr_2


@jax.jit
def fill_rows_gather(par_log):
    idx = np.asarray(KVALS[:-1])[:, None] + np.arange(NUM_COLS)
    return par_log[idx], 10.0 ** par_log[idx]


def jaxpr_chars(f):
    return len(str(jax.make_jaxpr(f)(jnp.linspace(0.0, 1.0, KVALS[-1]))))


a1, a2 = fill_rows_gather(jnp.linspace(0.0, 1.0, KVALS[-1]))
print(a1.shape, jaxpr_chars(fill_rows), jaxpr_chars(fill_rows_gather))
