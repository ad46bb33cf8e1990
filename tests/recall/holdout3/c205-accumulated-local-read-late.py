# case: c205-accumulated-local-read-late
# source: https://github.com/PyCQA/flake8-bugbear/issues/402
# kind: mistake
# rules: SCN205
# jax: symptom len({float(o) for o in outs}) == 1
# note: the thread's `foo = foo + 1` inside the loop: the lambdas read `foo`, a name the loop
#   rebinds but not its target (`_`), and run after the loop; the look-alike calls scan in the same
#   iteration, which the thread calls fine

import jax
import jax.numpy as jnp

xs = jnp.arange(3.0)
foo = 0
steps = []
for _ in range(3):
    foo = foo + 1
    steps.append(lambda c, x: (c + foo * x, c))

outs = [jax.lax.scan(step, 0.0, xs)[0] for step in steps]
