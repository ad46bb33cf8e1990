# expect: bug
# source: https://github.com/jax-ml/jax/issues/2323
# mistake: A fori_loop over packed variable-length batches reads each batch size from an array and uses it as the
#   slice size of dynamic_slice_in_dim; the size is a tracer, but slice sizes must be static.
# case: traced-dynamic-slice-size-fori
# kind: mistake
# rules: none
# jax: raises The __index__() method was called on traced array
# note: The thread's body unpacked a PackedSequence-like (batch_sizes, data, offset) carry exactly like this; the
#   reduction applied to each batch is a sum instead of an RNN cell.
from typing import NamedTuple

import jax.numpy as jnp
from jax import lax
from jax.lax import dynamic_slice_in_dim


class Packed(NamedTuple):
    data: jnp.ndarray
    batch_sizes: jnp.ndarray


def run_packed(packed: Packed):
    def body_fun(i, val):
        batch_sizes, packed_input_data, input_offset, acc = val
        batch_size = batch_sizes[i]
        batch = dynamic_slice_in_dim(packed_input_data, input_offset, batch_size)
        input_offset += batch_size
        return batch_sizes, packed_input_data, input_offset, acc + batch.sum()

    init = (packed.batch_sizes, packed.data, 0, jnp.zeros(()))
    return lax.fori_loop(0, packed.batch_sizes.shape[0], body_fun, init)[-1]


def main():
    packed = Packed(data=jnp.arange(6.0), batch_sizes=jnp.array([3, 2, 1]))
    return run_packed(packed)


if __name__ == "__main__":
    RESULT = main()
