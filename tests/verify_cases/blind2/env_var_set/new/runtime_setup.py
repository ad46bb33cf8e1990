"""Process setup for data-loading workers."""
import os

import numpy as np


def configure_workers(n_workers):
    os.environ["OMP_NUM_THREADS"] = str(max(1, os.cpu_count() // max(n_workers, 1)))
    os.environ["TOKENIZERS_PARALLELISM"] = "0"
    return n_workers


def shard(indices, n_workers, worker_id):
    configure_workers(n_workers)
    return np.asarray(indices)[worker_id::n_workers]
