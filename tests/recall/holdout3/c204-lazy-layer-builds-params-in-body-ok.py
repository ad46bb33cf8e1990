# case: c204-lazy-layer-builds-params-in-body-ok
# source: https://github.com/google-deepmind/dm-haiku/issues/214
# kind: lookalike
# rules: SCN204
# jax: symptom 'Tracer' in type(layer.w).__name__
# pair: c204-lazy-layer-builds-params-in-body

import jax
import jax.numpy as jnp

class LazyLinear:
    def __init__(self, features):
        self.features = features
        self.w = None

    def __call__(self, x):
        if self.w is None:
            self.w = jnp.ones((x.shape[-1], self.features)) / x.shape[-1]
        return x @ self.w

def encode(batches):
    layer = LazyLinear(3)
    layer(batches[0])

    def scanner(carry, batch):
        out = layer(batch)
        return carry + out.sum(), out

    total, outs = jax.lax.scan(scanner, 0.0, batches)
    return layer, total

layer, total = encode(jnp.ones((5, 2, 4)))
