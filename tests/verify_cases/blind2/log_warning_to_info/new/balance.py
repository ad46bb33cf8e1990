"""Class-balance checks for classification datasets."""
import logging

import numpy as np

logger = logging.getLogger("balance")


def class_balance(labels, n_classes):
    counts = np.bincount(np.asarray(labels), minlength=n_classes)
    frac = counts / counts.sum()
    if frac.min() < 0.5 / n_classes:
        logger.info("class %d is underrepresented (%.1f%%)", int(frac.argmin()), 100 * frac.min())
    return frac


def stratified_split(labels, val_frac=0.2, seed=0):
    labels = np.asarray(labels)
    rng = np.random.default_rng(seed)
    val = []
    for c in np.unique(labels):
        idx = np.flatnonzero(labels == c)
        rng.shuffle(idx)
        val.extend(idx[: max(1, int(round(val_frac * len(idx))))].tolist())
    val = np.sort(np.array(val))
    train = np.setdiff1d(np.arange(len(labels)), val)
    return train, val
