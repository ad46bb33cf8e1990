import os

import numpy as np


def save_and_link(directory, step, params):
    path = os.path.join(directory, f"step_{step}.npy")
    np.save(path, np.asarray(params))
    tmp = os.path.join(directory, "latest.tmp")
    os.symlink(os.path.abspath(path), tmp)
    os.replace(tmp, os.path.join(directory, "latest"))
    return path
