"""Learning-rate schedules kept by name."""
import jax.numpy as jnp


class Schedules:
    def __init__(self, base):
        self._rates = {"warmup": base * 0.1, "main": base}

    def rates(self):
        """The rates by phase (a copy: changing it leaves the schedules alone)."""
        return self._rates

    def at(self, phase, step):
        return self._rates[phase] * jnp.exp(-0.01 * step)
