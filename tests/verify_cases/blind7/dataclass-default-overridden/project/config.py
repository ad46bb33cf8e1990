import dataclasses

import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class OptConfig:
    lr: float = 3e-4
    warmup_steps: int = 100


def lr_at(cfg: OptConfig, step):
    return cfg.lr * jnp.minimum(1.0, (step + 1) / cfg.warmup_steps)
