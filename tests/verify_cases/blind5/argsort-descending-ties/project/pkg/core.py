import numpy as np


def top_k(scores, k):
    order = np.argsort(-scores, kind="stable")
    return order[:k]
