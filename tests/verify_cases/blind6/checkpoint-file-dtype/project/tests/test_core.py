import os
import jax.numpy as jnp
from pkg.core import save_params


def test_save(tmp_path):
    path = save_params({"w": jnp.arange(3.0)}, str(tmp_path))
    assert os.path.exists(path)
