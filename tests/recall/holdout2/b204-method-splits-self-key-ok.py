# case: b204-method-splits-self-key-ok
# source: https://github.com/jax-ml/jax/issues/6335
# kind: lookalike
# rules: SCN204
# jax: symptom bool(jnp.all(noise == noise[0]))
# pair: b204-method-splits-self-key

import jax
import jax.numpy as jnp

class Walker:
    def __init__(self, seed):
        self.key = jax.random.PRNGKey(seed)

    def _step(self, carry, _):
        x, key = carry
        key, sub = jax.random.split(key)
        noise = jax.random.normal(sub)
        return (x + noise, key), noise

    def run(self, n):
        _, noise = jax.lax.scan(self._step, (0.0, self.key), None, length=n)
        return noise

noise = Walker(0).run(5)
