# case: h204-method-appends-to-attribute
# source: https://github.com/jax-ml/jax/pull/7556
# kind: mistake
# rules: SCN204
# jax: symptom recorded != 4
# note: variant: a method's body appends to a list held in `self.losses`

import jax
import jax.numpy as jnp

class Trainer:
    def __init__(self):
        self.losses = []

    def epoch(self, w, batches):
        def step(w, b):
            loss = jnp.mean((w * b - 1.0) ** 2)
            self.losses.append(loss)
            return w - 0.1 * loss, loss
        return jax.lax.scan(step, w, batches)

trainer = Trainer()
w, _ = trainer.epoch(1.0, jnp.ones((4, 2)))
recorded = len(trainer.losses)
