import sys

import jax.numpy as jnp
from jax import lax

PLUGIN_DIR = "/opt/simplugins"


def _ensure_plugin_path():
    if PLUGIN_DIR not in sys.path:
        sys.path.append(PLUGIN_DIR)


def run(x, n):
    _ensure_plugin_path()
    return lax.fori_loop(0, n, lambda i, v: v + jnp.sin(v), x)
