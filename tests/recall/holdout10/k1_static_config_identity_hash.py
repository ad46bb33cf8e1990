# expect: bug
# source: https://github.com/jax-ml/jax/issues/2813
# mistake: a plain config object (hashed by identity) is rebuilt every epoch and passed as a static argument, so the jitted step never gets a cache hit.
# kind: 1 recompiles
from functools import partial

import jax
import jax.numpy as np

_compiles = []
jax.monitoring.register_event_duration_secs_listener(
    lambda event, duration, **kw: _compiles.append(event)
    if event == "/jax/core/compile/backend_compile_duration" else None
)


class StepConfig:
    def __init__(self, lr, clip):
        self.lr = lr
        self.clip = clip


@partial(jax.jit, static_argnums=(0,))
def sgd_step(cfg, w, x, y):
    def loss(w):
        return np.mean((x @ w - y) ** 2)

    g = jax.grad(loss)(w)
    g = np.clip(g, -cfg.clip, cfg.clip)
    return w - cfg.lr * g


def train(epochs, w, x, y):
    for _ in range(epochs):
        cfg = StepConfig(lr=0.1, clip=1.0)  # same values, new object each epoch
        w = sgd_step(cfg, w, x, y)
    return w


def main():
    x = np.ones((8, 3))
    y = np.arange(8.0)
    w = np.zeros(3)
    w = sgd_step(StepConfig(0.1, 1.0), w, x, y)  # warm-up compile
    before = len(_compiles)
    epochs = 4
    train(epochs, w, x, y).block_until_ready()
    extra = len(_compiles) - before
    if extra >= epochs:
        print(f"SYMPTOM: {extra} recompiles of sgd_step over {epochs} epochs with equal config values")


if __name__ == "__main__":
    main()
