import numpy as np


def make_noise(shape, seed=0, scale=1.0):
    noise = np.random.RandomState(seed).standard_normal(shape)
    return scale * noise
