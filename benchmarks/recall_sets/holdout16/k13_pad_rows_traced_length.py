# expect: bug
# source: https://github.com/jax-ml/jax/issues/204
# mistake: pad_to_length is an ordinary argument of the jitted function but is used as the row count of lax.full, so under jit it is a tracer and building the padded buffer fails; every call in the batching loop raises.
import jax
import jax.numpy as jnp
import numpy as onp
from jax import lax


def dynamic_update_slice_test(first_row, pad_to_length):
    width = first_row.shape[0]
    empty_array = lax.full((pad_to_length, width), 0, first_row.dtype)
    first_row_reshaped = jnp.reshape(first_row, (1, width))
    return lax.dynamic_update_slice(empty_array, first_row_reshaped, (0, 0))


dynamic_update_slice_test_jit = jax.jit(dynamic_update_slice_test)


def main():
    rows = [onp.array([1, 2], onp.int32), onp.array([3, 4], onp.int32), onp.array([5, 6], onp.int32)]
    print("eager:", dynamic_update_slice_test(rows[0], 4).tolist())
    for r in rows:
        try:
            print(dynamic_update_slice_test_jit(r, 4).shape)
        except TypeError as e:
            print("jit: TypeError:", str(e).splitlines()[0][:150])
