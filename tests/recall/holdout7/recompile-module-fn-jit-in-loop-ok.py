# expect: none
# source: https://github.com/nstarman/quax/pull/124
# mistake: Looks like "jax.jit inside a loop", but the function being jitted is the same module-level function object
#   every iteration, so jit's cache (keyed on the function and argument types) hits after the first call.
# case: recompile-module-fn-jit-in-loop-ok
# kind: lookalike
# rules: none
# jax: symptom TRACES[0] > 1
# note: The PR contrasts a fresh lambda per invocation (new compilation each time) with a stable function object; this
#   look-alike is the stable-object side, written as a simple smoothing loop.
import jax
import jax.numpy as jnp

TRACES = [0]


def smooth(x, alpha):
    TRACES[0] += 1
    return alpha * x + (1.0 - alpha) * jnp.roll(x, 1)


def main():
    x = jnp.arange(16.0)
    for _ in range(6):
        x = jax.jit(smooth)(x, 0.7)     # same function object each time -> cache hit
    return float(x.sum())


if __name__ == "__main__":
    RESULT = main()
