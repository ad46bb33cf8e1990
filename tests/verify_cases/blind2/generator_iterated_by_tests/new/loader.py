"""Mini-batch iteration over in-memory arrays."""
import numpy as np


def minibatches(x, y, batch_size):
    n = len(x)
    for start in range(0, n - batch_size + 1, batch_size):
        stop = min(start + batch_size, n)
        yield x[start:stop], y[start:stop]


def n_batches(n, batch_size):
    return -(-n // batch_size)


def epoch_loss(loss_fn, x, y, batch_size):
    total = 0.0
    for xb, yb in minibatches(x, y, batch_size):
        total += float(loss_fn(xb, yb)) * len(xb)
    return total / len(x)
