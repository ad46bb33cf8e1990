"""Helpers for consuming sample streams in chunks."""
import numpy as np


def take(it, k):
    """The next k items of the iterator `it`, leaving the rest in it."""
    return [x for _, x in zip(range(k), it)]


def batches(xs, size):
    it = iter(xs)
    while True:
        chunk = take(it, size)
        if not chunk:
            return
        yield np.stack(chunk)


def split_head(it, k):
    head = take(it, k)
    return np.asarray(head), it


def epoch_mean(xs, size):
    return float(np.mean([b.mean() for b in batches(xs, size)]))
