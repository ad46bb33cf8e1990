# expect: bug
# source: https://crackedaicode.com/problems/jax-while-loop-bounded-search
# mistake: A bounded while_loop search starts its position carry as an int32 index but the body advances it by a fractional stride, so the carry changes dtype and while_loop rejects the body.
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

    pos, found = lax.while_loop(cond, body, (jnp.int32(0), False))  # int32 index, as for an integer search
    return pos


def main():
    x = jnp.array([5.0, 4.0, 3.0, 1.0, 0.5])
    try:
        print(jax.jit(find_first_below)(x, 2.0))
    except TypeError as e:
        print(f"TypeError: {' '.join(str(e).split())[:160]}")


if __name__ == "__main__":
    main()
