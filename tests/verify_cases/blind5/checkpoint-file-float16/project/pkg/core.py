import numpy as np


def save(path, w):
    np.save(path, np.asarray(w, dtype=np.float32))
    return path
