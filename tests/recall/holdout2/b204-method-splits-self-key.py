# case: b204-method-splits-self-key
# source: https://github.com/jax-ml/jax/issues/6335
# kind: mistake
# rules: SCN204
# jax: symptom bool(jnp.all(noise == noise[0]))
# note: a method body assigns an attribute of self (the PRNG key): every step draws the same noise

import jax
import jax.numpy as jnp

class Walker:
    def __init__(self, seed):
        self.key = jax.random.PRNGKey(seed)

    def _step(self, x, _):
        self.key, sub = jax.random.split(self.key)
        noise = jax.random.normal(sub)
        return x + noise, noise

    def run(self, n):
        _, noise = jax.lax.scan(self._step, 0.0, None, length=n)
        return noise

noise = Walker(0).run(5)
