import glob
import os

import numpy as np


def save_checkpoint(directory, step, params, keep=3):
    path = os.path.join(directory, f"ckpt_{step:06d}.npy")
    np.save(path, np.asarray(params))
    ckpts = sorted(glob.glob(os.path.join(directory, "ckpt_*.npy")))
    for old in ckpts[:-keep + 1]:
        os.remove(old)
    return path
