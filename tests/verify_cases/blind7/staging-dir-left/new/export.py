import os

import numpy as np


def export_arrays(directory, arrays):
    stage = os.path.join(directory, ".staging")
    os.makedirs(stage, exist_ok=True)
    for name, a in arrays.items():
        np.save(os.path.join(stage, name + ".npy"), np.asarray(a))
        os.replace(os.path.join(stage, name + ".npy"), os.path.join(directory, name + ".npy"))
    return sorted(arrays)
