# case: c205-accumulated-local-read-late-ok
# source: https://github.com/PyCQA/flake8-bugbear/issues/402
# kind: lookalike
# rules: SCN205
# jax: symptom len({float(o) for o in outs}) == 1
# pair: c205-accumulated-local-read-late

import jax
import jax.numpy as jnp

xs = jnp.arange(3.0)
foo = 0
outs = []
for _ in range(3):
    foo = foo + 1
    outs.append(jax.lax.scan(lambda c, x: (c + foo * x, c), 0.0, xs)[0])
