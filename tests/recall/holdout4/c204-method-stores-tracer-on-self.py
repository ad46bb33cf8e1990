# case: c204-method-stores-tracer-on-self
# source: https://github.com/pyro-ppl/numpyro/issues/1982
# kind: mistake
# rules: SCN204
# jax: symptom isinstance(annealer.loss_temperature, jax.core.Tracer)
# note: a method used as the scan body (`self.step`) assigns `self.loss_temperature`: the object
#   keeps a tracer; the look-alike assigns the loop's result after it

import jax
import jax.numpy as jnp


class Annealer:
    def __init__(self, decay):
        self.decay = decay
        self.loss_temperature = 1.0

    def step(self, carry, loss):
        temperature = carry * self.decay
        self.loss_temperature = temperature
        return temperature, loss / temperature

    def run(self, losses):
        return jax.lax.scan(self.step, jnp.float32(1.0), losses)


annealer = Annealer(0.9)
final, scaled = annealer.run(jnp.ones(6))
