import numpy as np


def standardize(batch, key="x"):
    out = dict(batch)
    x = out[key]
    out[key] = (x - x.mean(0)) / (x.std(0) + 1e-8)
    return out
