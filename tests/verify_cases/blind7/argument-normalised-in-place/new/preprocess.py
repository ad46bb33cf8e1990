import numpy as np


def standardize(batch: np.ndarray):
    mean = batch.mean(0)
    std = batch.std(0) + 1e-8
    out = batch
    out -= mean
    out /= std
    return out, (mean, std)
