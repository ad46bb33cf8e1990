import numpy as np


def make_noise(shape, seed=0, scale=1.0):
    np.random.seed(seed); noise = np.random.standard_normal(shape)
    return scale * noise
