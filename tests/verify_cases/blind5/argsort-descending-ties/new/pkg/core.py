import numpy as np


def top_k(scores, k):
    order = np.argsort(scores, kind="stable")[::-1]
    return order[:k]
