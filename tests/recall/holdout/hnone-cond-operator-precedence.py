# case: hnone-cond-operator-precedence
# source: https://github.com/jax-ml/jax/issues/21186
# kind: mistake
# rules: none
# jax: symptom int(out) != 10
# note: `t < 10 & True` is `t < (10 & True)`: one step only

from jax import lax

out = lax.while_loop(lambda t: t < 10 & True, lambda t: t + 1, 0)
