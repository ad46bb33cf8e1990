import numpy as np


def format_weights(w):
    np.set_printoptions(precision=3, suppress=True)
    return np.array2string(np.asarray(w))
