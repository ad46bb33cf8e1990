"""Compact text rendering of weight matrices for reports."""
import numpy as np


def format_matrix(m, precision=3):
    with np.printoptions(precision=precision, suppress=True):
        return np.array2string(np.asarray(m, dtype=np.float64), separator=", ")


def table(rows, precision=3):
    return "\n".join(format_matrix(r, precision) for r in rows)


def summarize(params):
    return {k: format_matrix(np.asarray(v).mean(axis=0)) for k, v in sorted(params.items())}
