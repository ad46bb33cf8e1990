# case: hnone-cond-operator-precedence-ok
# source: https://github.com/jax-ml/jax/issues/21186
# kind: lookalike
# rules: none
# jax: symptom int(out) != 10
# pair: hnone-cond-operator-precedence

from jax import lax

out = lax.while_loop(lambda t: (t < 10) & True, lambda t: t + 1, 0)
