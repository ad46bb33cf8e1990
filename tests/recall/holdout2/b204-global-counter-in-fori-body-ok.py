# case: b204-global-counter-in-fori-body-ok
# source: https://github.com/jax-ml/jax/issues/1348
# kind: lookalike
# rules: SCN204
# jax: symptom calls != 6
# pair: b204-global-counter-in-fori-body

import jax

def accumulate(i, carry):
    total, n = carry
    return total + i, n + 1

out, n = jax.lax.fori_loop(0, 6, accumulate, (0, 0))
calls = int(n)
