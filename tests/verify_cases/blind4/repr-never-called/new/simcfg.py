"""A damped oscillator configured by a hashable dataclass."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from jax import lax


@dataclasses.dataclass(frozen=True)
class SimConfig:
    dt: float = 0.01
    n_steps: int = 100
    damping: float = 0.1

    def __repr__(self):
        return f"SimConfig(dt={self.dt:g}, n_steps={self.n_steps}, gamma={self.damping:g})"


@functools.partial(jax.jit, static_argnums=1)
def simulate(x0, cfg):
    def step(s, _):
        x, v = s
        v = v - cfg.dt * (x + cfg.damping * v)
        x = x + cfg.dt * v
        return (x, v), x
    return lax.scan(step, (x0, jnp.zeros_like(x0)), None, length=cfg.n_steps)[1]
