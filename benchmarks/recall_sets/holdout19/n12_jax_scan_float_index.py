# expect: bug
# source: https://github.com/jax-ml/jax/issues/2486
# mistake: the scanned data array mixes an integer index column with a float column, so NumPy promotion makes the whole array float and the scan body's one_array[obsv[0]] indexes with a float, which fails to trace.
import jax.numpy as np
import jax.lax as lax
from jax import jit


def get_loss(data):
    one_array = np.zeros(2)
    loss = 0

    def inner_loop(carry, obsv):
        (loss, one_array) = carry
        val = one_array[obsv[0]]
        loss += 1
        return ((loss, one_array), None)

    carry = (loss, one_array)
    ((loss, one_array), _) = lax.scan(inner_loop, carry, data)
    return loss


def main():
    jit_get_loss = jit(get_loss)
    print("integer data:", int(jit_get_loss(np.array([[0, 1], [0, 1]]))))
    data = np.array([[0, 1.1], [0, 1.1]])
    try:
        print("mixed data:", jit_get_loss(data))
    except Exception as e:
        print("mixed data failed:", type(e).__name__, str(e).splitlines()[0][:120])
