"""Checks a parameter dict against expected shapes before loading a checkpoint."""
import sys

import numpy as np


def param_count(params):
    return sum(int(np.size(v)) for v in params.values())


def check_shapes(params, expected):
    problems = []
    for name, shape in expected.items():
        got = np.shape(params.get(name))
        if got != tuple(shape):
            problems.append(name)
            print(f"warning: {name} has shape {got}, expected {tuple(shape)}", file=sys.stderr)
    return problems


def describe(params):
    lines = [f"{k}: {np.shape(v)}" for k, v in sorted(params.items())]
    return "\n".join(lines) + f"\ntotal: {param_count(params)}"
