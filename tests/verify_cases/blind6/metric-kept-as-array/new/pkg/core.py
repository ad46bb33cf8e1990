import jax.numpy as jnp


class Meter:
    def __init__(self):
        self.values = []

    def add(self, loss):
        self.values.append(loss)
        return sum(self.values) / len(self.values)


def track(losses):
    m = Meter()
    for l in losses:
        mean = m.add(l)
    return m, mean
