# case: b204-lax-map-body-stores-outer-list-ok
# source: https://github.com/jax-ml/jax/issues/17415
# kind: lookalike
# rules: SCN204
# jax: symptom type(out[0]).__name__.endswith('Tracer')
# pair: b204-lax-map-body-stores-outer-list

import jax
import jax.numpy as jnp

def double_all(values):
    def body(x):
        return x * 2

    return [jax.lax.map(body, values)]

out = double_all(jnp.array([1, 2]))
