import numpy as np


def random_flip(rng: np.random.Generator, batch: np.ndarray, flip_prob: float = 0.5):
    if flip_prob == 0.0:
        return batch.copy()
    mask = rng.random(len(batch)) < flip_prob
    out = batch.copy()
    out[mask] = out[mask, ::-1]
    return out
