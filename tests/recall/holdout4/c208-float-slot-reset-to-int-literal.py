# case: c208-float-slot-reset-to-int-literal
# source: https://github.com/jax-ml/jax/issues/649
# kind: mistake
# rules: SCN208
# jax: raises carry input and carry output must have equal types
# note: a loop that returns a constant for a slot (the thread's `(7, b + 1)`), here an int literal
#   for a float slot: a lower kind than the weakly typed `33.0`

from jax import lax


def reset_after(n):
    def body(state):
        level, k = state
        return (0, k + 1)

    return lax.while_loop(lambda s: s[1] < n, body, (33.0, 4))


out = reset_after(10)
