"""Learning-rate schedules for the training loop."""
import math

import jax.numpy as jnp
import numpy as np


def warmup_then_decay(steps, base_lr, warmup, decay=0.97):
    """Linear warmup for `warmup` steps, then exponential decay per step."""
    return [base_lr * (t + 1) / warmup if t < warmup else base_lr * decay ** (t - warmup)
            for t in steps]


def cosine(step, total, base_lr, floor=0.0):
    frac = min(step, total) / total
    return floor + 0.5 * (base_lr - floor) * (1.0 + math.cos(math.pi * frac))


def as_array(schedule):
    return jnp.asarray(np.array(schedule, dtype=np.float32))


def lr_table(base_lr, warmup, total):
    """Per-step learning rates for a run of `total` steps."""
    return as_array(warmup_then_decay(range(total), base_lr, warmup))


def peak(schedule):
    return max(schedule)
