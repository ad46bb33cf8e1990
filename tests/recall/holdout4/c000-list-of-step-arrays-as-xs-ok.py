# case: c000-list-of-step-arrays-as-xs-ok
# source: https://github.com/jax-ml/jax/issues/763
# kind: lookalike
# rules: none
# jax: symptom ys.shape[0] != 3
# pair: c000-list-of-step-arrays-as-xs

import jax
import jax.numpy as jnp


def drive(x0, inputs):
    def step(x, u):
        x = 0.5 * x + u
        return x, x
    return jax.lax.scan(step, x0, inputs)


steps = [jnp.full(5, 1.0), jnp.full(5, 2.0), jnp.full(5, 3.0)]
final, ys = drive(jnp.zeros(5), jnp.stack(steps))
