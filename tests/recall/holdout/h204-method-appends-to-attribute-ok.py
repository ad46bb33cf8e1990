# case: h204-method-appends-to-attribute-ok
# source: https://github.com/jax-ml/jax/pull/7556
# kind: lookalike
# rules: SCN204
# jax: symptom recorded != 4
# pair: h204-method-appends-to-attribute

import jax
import jax.numpy as jnp

class Trainer:
    def __init__(self):
        self.losses = []

    def epoch(self, w, batches):
        def step(w, b):
            loss = jnp.mean((w * b - 1.0) ** 2)
            return w - 0.1 * loss, loss
        w, losses = jax.lax.scan(step, w, batches)
        self.losses.extend(list(losses))
        return w, losses

trainer = Trainer()
w, _ = trainer.epoch(1.0, jnp.ones((4, 2)))
recorded = len(trainer.losses)
