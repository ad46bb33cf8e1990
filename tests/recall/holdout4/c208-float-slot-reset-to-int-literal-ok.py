# case: c208-float-slot-reset-to-int-literal-ok
# source: https://github.com/jax-ml/jax/issues/649
# kind: lookalike
# rules: SCN208
# jax: runs
# pair: c208-float-slot-reset-to-int-literal

from jax import lax


def reset_after(n):
    def body(state):
        level, k = state
        return (0.0, k + 1)

    return lax.while_loop(lambda s: s[1] < n, body, (33.0, 4))


out = reset_after(10)
