# expect: bug
# source: https://github.com/jax-ml/jax/issues/22281
# mistake: A helper rebuilds jax.jit(functools.partial(step, cfg)) every time the simulation advances, so the jit cache never hits and the step is retraced in every loop iteration.
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp

TRACES = 0


@dataclass(frozen=True)
class Config:
    dt: float = 0.01
    damping: float = 0.1


def _step(cfg, state):
    global TRACES
    TRACES += 1
    pos, vel = state
    acc = -pos - cfg.damping * vel
    return pos + cfg.dt * vel, vel + cfg.dt * acc


class Simulator:
    def __init__(self, cfg):
        self.cfg = cfg

    def advance(self, state):
        step = jax.jit(functools.partial(_step, self.cfg))
        return step(state)


def main():
    sim = Simulator(Config())
    state = (jnp.ones(4), jnp.zeros(4))
    for _ in range(25):
        state = sim.advance(state)
    print(f"iterations=25 traces={TRACES} pos0={float(state[0][0]):.4f}")


if __name__ == "__main__":
    main()
