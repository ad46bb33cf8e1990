import numpy as np


def random_flip(rng: np.random.Generator, batch: np.ndarray, flip_prob: float = 0.5):
    mask = rng.random(len(batch)) < flip_prob
    out = batch.copy()
    out[mask] = out[mask, ::-1]
    return out
