import os
import numpy as np
import jax.numpy as jnp


def save_params(params, folder):
    path = os.path.join(folder, "params.npz")
    np.savez(path, **{k: np.asarray(v, dtype=np.float64) for k, v in params.items()})
    return path
