# case: b204-global-counter-in-fori-body
# source: https://github.com/jax-ml/jax/issues/1348
# kind: mistake
# rules: SCN204
# jax: symptom calls != 6
# note: thread: a `global` counter bumped inside a jitted function; here the same `global` counter
#   in a fori_loop body (module-level def)

import jax

calls = 0

def accumulate(i, total):
    global calls
    calls = calls + 1
    return total + i

out = jax.lax.fori_loop(0, 6, accumulate, 0)
