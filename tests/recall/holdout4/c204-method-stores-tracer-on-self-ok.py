# case: c204-method-stores-tracer-on-self-ok
# source: https://github.com/pyro-ppl/numpyro/issues/1982
# kind: lookalike
# rules: SCN204
# jax: symptom isinstance(annealer.loss_temperature, jax.core.Tracer)
# pair: c204-method-stores-tracer-on-self

import jax
import jax.numpy as jnp


class Annealer:
    def __init__(self, decay):
        self.decay = decay
        self.loss_temperature = 1.0

    def step(self, carry, loss):
        temperature = carry * self.decay
        return temperature, loss / temperature

    def run(self, losses):
        final, scaled = jax.lax.scan(self.step, jnp.float32(1.0), losses)
        self.loss_temperature = final
        return final, scaled


annealer = Annealer(0.9)
final, scaled = annealer.run(jnp.ones(6))
