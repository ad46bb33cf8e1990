"""Text checkpoints: one .txt per parameter plus a JSON index."""
import json
import os

import numpy as np


def save(path, params, step):
    os.makedirs(path, exist_ok=True)
    for k in sorted(params):
        np.savetxt(os.path.join(path, f"{k}.txt"), np.atleast_2d(params[k]), fmt="%.8e")
    meta = {"step": int(step), "keys": sorted(params)}
    with open(os.path.join(path, "meta.json"), "w") as f:
        json.dump(meta, f)
    return meta


def load(path):
    with open(os.path.join(path, "meta.json")) as f:
        meta = json.load(f)
    params = {k: np.loadtxt(os.path.join(path, f"{k}.txt"), ndmin=2) for k in meta["keys"]}
    return params, meta["step"]
