import dataclasses
import functools

import jax
import jax.numpy as jnp
from jax import lax


@dataclasses.dataclass(frozen=True)
class Cfg:
    n: int
    decay: float = dataclasses.field(default=0.9, compare=False)


@functools.partial(jax.jit, static_argnames="cfg")
def run(x, cfg):
    return lax.fori_loop(0, cfg.n, lambda i, v: v * cfg.decay, x)
