import os

import numpy as np


def save_private(directory, name, params):
    path = os.path.join(directory, name + ".npy")
    np.save(path, np.asarray(params))
    os.chmod(path, 0o600)
    return path
