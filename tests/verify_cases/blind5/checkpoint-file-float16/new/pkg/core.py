import numpy as np


def save(path, w):
    np.save(path, np.asarray(w).astype(np.float16))
    return path
