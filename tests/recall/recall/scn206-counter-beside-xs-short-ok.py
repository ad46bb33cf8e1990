# case: scn206-counter-beside-xs-short-ok
# source: https://github.com/jax-ml/jax/issues/11277
# kind: lookalike
# rules: SCN206
# jax: symptom bool(used[-1] == used[-2])
# pair: scn206-counter-beside-xs-short

import jax
import jax.numpy as jnp
from jax import lax
def weigh(w, xs):
    def step(total, wx):
        w_t, x = wx
        return total + w_t * x, w_t
    return lax.scan(step, 0.0, (w, xs[:w.shape[0]]))
total, used = weigh(jnp.array([1.0, 2.0]), jnp.ones(3))
