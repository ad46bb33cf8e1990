import numpy as np


def whiten(x: np.ndarray):
    mu = x.mean(0)
    sd = x.std(0) + 1e-8
    return np.asfortranarray((x - mu) / sd)
