"""Adam hyper-parameters (read-only defaults) and a NumPy Adam step."""
from types import MappingProxyType

import numpy as np

DEFAULTS = MappingProxyType({"lr": 1e-3, "beta1": 0.9, "beta2": 0.999, "eps": 1e-8, "clip": 1.0})


def resolve(overrides=None):
    cfg = dict(DEFAULTS)
    cfg.update(overrides or {})
    return cfg


def adam_step(p, g, m, v, t, cfg):
    m = cfg["beta1"] * m + (1 - cfg["beta1"]) * g
    v = cfg["beta2"] * v + (1 - cfg["beta2"]) * g * g
    mhat = m / (1 - cfg["beta1"] ** t)
    vhat = v / (1 - cfg["beta2"] ** t)
    return p - cfg["lr"] * mhat / (np.sqrt(vhat) + cfg["eps"]), m, v


def clipped(g, cfg):
    n = np.linalg.norm(g)
    return g * min(1.0, cfg["clip"] / (n + 1e-12))
