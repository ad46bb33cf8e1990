# expect: bug
# source: https://crackedaicode.com/problems/jax-compilation-cache-key
# mistake: hot_call builds jax.jit(lambda ...) on every call, so each call in the training loop sees a brand-new jit object and recompiles
# kind: 1 recompile
import jax
import jax.numpy as jnp

TRACES = 0


def _sum_sq(y):
    global TRACES
    TRACES += 1
    return jnp.sum(y ** 2)


def hot_call(x):
    f = jax.jit(lambda y: _sum_sq(y))
    return f(x)


def main():
    x = jnp.array([1.0, 2.0, 3.0])
    total = 0.0
    for step in range(5):
        total += hot_call(x * step)
    print("total:", float(total), "traces:", TRACES)
    if TRACES > 1:
        print("SYMPTOM: the lambda was traced and compiled on every call")


if __name__ == "__main__":
    main()
