"""Parameter summaries written next to checkpoints."""
import json
import os
import tempfile
import jax.numpy as jnp


def describe(params):
    return {k: {"shape": list(v.shape), "norm": float(jnp.linalg.norm(v))} for k, v in params.items()}


def write_summary(params, path=None):
    path = path or os.path.join(tempfile.gettempdir(), "param_summary.json")
    with open(path, "w") as f:
        json.dump(describe(params), f, indent=2, sort_keys=True)
    return sum(int(v.size) for v in params.values())


def read_summary(path):
    with open(path) as f:
        return json.load(f)
