"""Checkpoints ranked by validation loss."""
from dataclasses import dataclass

import jax.numpy as jnp


@dataclass
class Checkpoint:
    loss: float
    step: int


def checkpoint(params, step):
    return Checkpoint(float(jnp.mean(params ** 2)), step)
