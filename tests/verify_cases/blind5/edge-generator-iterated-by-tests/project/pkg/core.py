import numpy as np


def batches(x, bs):
    for i in range(0, len(x), bs):
        yield x[i:i + bs]
