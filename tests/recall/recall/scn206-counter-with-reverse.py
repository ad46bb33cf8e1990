# case: scn206-counter-with-reverse
# source: https://github.com/jax-ml/jax/issues/5002
# kind: mistake
# rules: SCN206
# jax: symptom not bool(jnp.allclose(ys, xs * w))
# note: reverse=True reads xs backwards while the counter counts up

import jax
import jax.numpy as jnp
from jax import lax
def scaled(w, xs):
    def step(c, x):
        s, t = c
        return (s, t + 1), x * w[t]
    return lax.scan(step, (0.0, 0), xs, reverse=True)[1]
w = jnp.array([1.0, 10.0, 100.0])
xs = jnp.array([1.0, 2.0, 3.0])
ys = scaled(w, xs)
