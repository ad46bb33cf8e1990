import random


def permutation(n, seed):
    idx = list(range(n))
    random.seed(seed); random.shuffle(idx)
    return idx
