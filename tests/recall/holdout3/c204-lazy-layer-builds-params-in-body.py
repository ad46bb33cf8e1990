# case: c204-lazy-layer-builds-params-in-body
# source: https://github.com/google-deepmind/dm-haiku/issues/214
# kind: mistake
# rules: SCN204
# jax: symptom 'Tracer' in type(layer.w).__name__
# note: a layer that creates its weights on first call, first called inside the scan body (the
#   thread: a haiku module used inside jax.lax.scan, 'unexpected tracer'); the attribute is set
#   inside the object's __call__, guarded by `is None`; the look-alike builds it once before the
#   scan

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

    def scanner(carry, batch):
        out = layer(batch)
        return carry + out.sum(), out

    total, outs = jax.lax.scan(scanner, 0.0, batches)
    return layer, total

layer, total = encode(jnp.ones((5, 2, 4)))
