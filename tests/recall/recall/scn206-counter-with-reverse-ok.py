# case: scn206-counter-with-reverse-ok
# source: https://github.com/jax-ml/jax/issues/5002
# kind: lookalike
# rules: SCN206
# jax: symptom not bool(jnp.allclose(ys, xs * w))
# pair: scn206-counter-with-reverse

import jax
import jax.numpy as jnp
from jax import lax
def scaled(w, xs):
    def step(s, xw):
        x, w_t = xw
        return s, x * w_t
    return lax.scan(step, 0.0, (xs, w), reverse=True)[1]
w = jnp.array([1.0, 10.0, 100.0])
xs = jnp.array([1.0, 2.0, 3.0])
ys = scaled(w, xs)
