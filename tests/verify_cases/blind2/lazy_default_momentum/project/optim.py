"""Heavy-ball / Nesterov momentum on dicts of arrays."""
from dataclasses import dataclass
from typing import Optional

import jax.numpy as jnp


@dataclass
class OptConfig:
    lr: float = 0.01
    momentum: Optional[float] = None
    nesterov: bool = False


def init(params):
    return {k: jnp.zeros_like(v) for k, v in params.items()}


def update(params, grads, vel, cfg):
    mom = cfg.momentum if cfg.momentum is not None else 0.9
    new_vel = {k: mom * vel[k] + grads[k] for k in params}
    if cfg.nesterov:
        step = {k: grads[k] + mom * new_vel[k] for k in params}
    else:
        step = new_vel
    new_params = {k: params[k] - cfg.lr * step[k] for k in params}
    return new_params, new_vel


def run(params, grad_fn, cfg, steps):
    vel = init(params)
    for _ in range(steps):
        params, vel = update(params, grad_fn(params), vel, cfg)
    return params
