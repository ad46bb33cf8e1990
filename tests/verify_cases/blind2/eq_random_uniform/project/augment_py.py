"""Pure-Python augmentation using the global `random` generator."""
import random


def dropout_mask(n, p):
    return [random.uniform(0.0, 1.0) >= p for _ in range(n)]


def jitter(xs, scale):
    return [x + scale * (2.0 * random.uniform(0.0, 1.0) - 1.0) for x in xs]


def augment(xs, p=0.1, scale=0.05, seed=None):
    if seed is not None:
        random.seed(seed)
    keep = dropout_mask(len(xs), p)
    return [x if k else 0.0 for x, k in zip(jitter(xs, scale), keep)]
