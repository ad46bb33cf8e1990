# expect: none
# source: https://crackedaicode.com/problems/jax-while-loop-vs-python-while
# mistake: looks like a data-dependent halving loop under jit, but the loop is lax.while_loop, whose cond/body are traced once and run with a runtime trip count
# kind: 2 traced-control-flow
import jax.numpy as jnp
from jax import jit, lax


@jit
def good(x):
    cond = lambda s: s > 1.0
    body = lambda s: s * 0.5
    return lax.while_loop(cond, body, x)


@jit
def safe_iterate_until(x, threshold):
    def cond(c):
        return c[0] >= threshold

    def body(c):
        return c[0] * 0.9, c[1] + 1

    _, count = lax.while_loop(cond, body, (x, 0))
    return jnp.float32(count)


def main():
    r = good(jnp.float32(4.0))
    n = safe_iterate_until(jnp.float32(2.0), jnp.float32(1.0))
    print(float(r), float(n))
    assert float(r) == 1.0


if __name__ == "__main__":
    main()
