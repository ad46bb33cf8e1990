# expect: none
# source: https://github.com/jax-ml/jax/issues/204
# mistake: pad_to_length is declared static, so lax.full gets a concrete row count; the batching loop calls it with the same length and reuses one compilation.
from functools import partial

import jax
import jax.numpy as jnp
import numpy as onp
from jax import lax

TRACES = {"pad": 0}


@partial(jax.jit, static_argnums=(1,))
def dynamic_update_slice_test(first_row, pad_to_length):
    TRACES["pad"] += 1
    width = first_row.shape[0]
    empty_array = lax.full((pad_to_length, width), 0, first_row.dtype)
    first_row_reshaped = jnp.reshape(first_row, (1, width))
    return lax.dynamic_update_slice(empty_array, first_row_reshaped, (0, 0))


def main():
    rows = [onp.array([1, 2], onp.int32), onp.array([3, 4], onp.int32), onp.array([5, 6], onp.int32)]
    outs = [dynamic_update_slice_test(r, 4) for r in rows]
    print([o.shape for o in outs], "traced", TRACES["pad"], "time(s)", outs[-1].tolist())
