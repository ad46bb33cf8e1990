import numpy as np


def batches(x, bs):
    for i in range(1, len(x), bs):
        yield x[i:i + bs]
