# expect: none
# source: https://github.com/jax-ml/jax/issues/2813
# mistake: none: the static config is a frozen dataclass with value-based __eq__/__hash__, so rebuilding it each epoch still hits the compilation cache.
# kind: 1 recompiles
import dataclasses
from functools import partial

import jax
import jax.numpy as np

_compiles = []
jax.monitoring.register_event_duration_secs_listener(
    lambda event, duration, **kw: _compiles.append(event)
    if event == "/jax/core/compile/backend_compile_duration" else None
)


@dataclasses.dataclass(frozen=True)
class StepConfig:
    lr: float
    clip: float


@partial(jax.jit, static_argnums=(0,))
def sgd_step(cfg, w, x, y):
    def loss(w):
        return np.mean((x @ w - y) ** 2)

    g = jax.grad(loss)(w)
    g = np.clip(g, -cfg.clip, cfg.clip)
    return w - cfg.lr * g


def train(epochs, w, x, y):
    for _ in range(epochs):
        cfg = StepConfig(lr=0.1, clip=1.0)
        w = sgd_step(cfg, w, x, y)
    return w


def main():
    x = np.ones((8, 3))
    y = np.arange(8.0)
    w = np.zeros(3)
    w = sgd_step(StepConfig(0.1, 1.0), w, x, y)
    before = len(_compiles)
    epochs = 4
    train(epochs, w, x, y).block_until_ready()
    assert len(_compiles) - before == 0


if __name__ == "__main__":
    main()
