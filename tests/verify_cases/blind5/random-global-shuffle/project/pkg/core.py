import random


def permutation(n, seed):
    idx = list(range(n))
    random.Random(seed).shuffle(idx)
    return idx
