import jax
import jax.numpy as jnp


class MetricsHook:
    def __init__(self):
        self.seen = []

    def on_step(self, step, loss):
        self.seen.append((step, round(loss, 6)))


class Trainer:
    def __init__(self, w, lr=0.1):
        self.w = w
        self.lr = lr
        self.step_count = 0
        self.hooks = [MetricsHook()]
        self._vg = jax.jit(jax.value_and_grad(lambda w, x, y: jnp.mean((x @ w - y) ** 2)))

    def step(self, x, y):
        loss, g = self._vg(self.w, x, y)
        self.w = self.w - self.lr * g
        self.step_count += 1
        for h in self.hooks:
            h.on_step(self.step_count, float(loss))
        return float(loss)
