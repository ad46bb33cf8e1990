import numpy as np


def format_weights(w):
    with np.printoptions(precision=3, suppress=True):
        return np.array2string(np.asarray(w))
