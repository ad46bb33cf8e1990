# expect: none
# source: https://crackedaicode.com/problems/jax-compilation-cache-key
# mistake: looks like a jitted function called from a hot loop, but the @jax.jit helper is defined once at module top level, so its cache key is stable and it compiles once
# kind: 1 recompile
import jax
import jax.numpy as jnp

TRACES = 0


@jax.jit
def _stable_sum_sq(x):
    global TRACES
    TRACES += 1
    return jnp.sum(x ** 2)


def jit_cached_call(x):
    return _stable_sum_sq(x)


def main():
    x = jnp.array([1.0, 2.0, 3.0])
    total = 0.0
    for step in range(5):
        total += jit_cached_call(x * step)
    print("total:", float(total), "traces:", TRACES)
    assert TRACES == 1


if __name__ == "__main__":
    main()
