import dataclasses
import functools
import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class OptConfig:
    lr: float = 0.1
    max_norm: float = 1.0


@functools.partial(jax.jit, static_argnums=1)
def clip_update(g, cfg):
    n = jnp.linalg.norm(g)
    g = g * jnp.minimum(1.0, cfg.max_norm / n)
    return -cfg.lr * g
