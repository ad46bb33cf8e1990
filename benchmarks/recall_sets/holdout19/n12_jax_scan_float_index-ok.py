# expect: none
# source: https://github.com/jax-ml/jax/issues/2486
# mistake: the integer index column and the float value column are scanned as two separate arrays in a tuple, so the index keeps its int dtype inside the scan body.
import jax.numpy as np
import jax.lax as lax
from jax import jit


def get_loss(idx, vals):
    one_array = np.zeros(2)
    loss = 0.0

    def inner_loop(carry, obsv):
        (loss, one_array) = carry
        i, v = obsv
        val = one_array[i]
        loss += 1 + 0 * val * v
        return ((loss, one_array), None)

    carry = (loss, one_array)
    ((loss, one_array), _) = lax.scan(inner_loop, carry, (idx, vals))
    return loss


def main():
    jit_get_loss = jit(get_loss)
    print("mixed data:", float(jit_get_loss(np.array([0, 0]), np.array([1.1, 1.1]))))
