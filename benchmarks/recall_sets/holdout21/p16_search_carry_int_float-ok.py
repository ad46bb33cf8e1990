# expect: none
# source: https://crackedaicode.com/problems/jax-while-loop-bounded-search
# mistake: The position carry is created with the dtype the body produces (float32) and the flag as a JAX bool, so the carry type is identical across iterations.
import jax
import jax.numpy as jnp
from jax import lax


def find_first_below(x, threshold, stride=0.5):
    n = x.shape[0]

    def cond(state):
        pos, found = state
        idx = jnp.floor(pos).astype(jnp.int32)
        return (~found) & (idx < n)

    def body(state):
        pos, found = state
        idx = jnp.floor(pos).astype(jnp.int32)
        found = x[idx] < threshold
        return jnp.where(found, pos, pos + stride), found

    pos, found = lax.while_loop(cond, body, (jnp.float32(0.0), jnp.bool_(False)))
    return pos


def main():
    x = jnp.array([5.0, 4.0, 3.0, 1.0, 0.5])
    print("position:", float(jax.jit(find_first_below)(x, 2.0)))


if __name__ == "__main__":
    main()
