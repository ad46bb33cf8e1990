from concurrent.futures import ThreadPoolExecutor

import numpy as np


def _work(row):
    return float(np.linalg.norm(row, ord=1))


def parallel_norms(rows):
    with ThreadPoolExecutor(max_workers=2) as ex:
        return list(ex.map(_work, rows))
