"""Per-feature statistics of float32 feature matrices."""
import numpy as np


def feature_means(X):
    X = np.asarray(X, dtype=np.float32)
    return X.mean(axis=0)


def center(X):
    X = np.asarray(X, dtype=np.float32)
    return X - feature_means(X)


def scale_report(X):
    m = feature_means(X)
    return {"mean": m, "max_abs": np.abs(np.asarray(X, dtype=np.float32) - m).max(axis=0)}
