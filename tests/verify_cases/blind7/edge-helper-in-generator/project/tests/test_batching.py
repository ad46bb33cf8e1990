import numpy as np
from batching import pad_batch, minibatches

def test_full_batch():
    assert pad_batch(np.ones((4, 2)), 4).shape == (4, 2)

def test_iterate():
    bs = list(minibatches(np.arange(10.0).reshape(5, 2), 2))
    assert len(bs) == 3 and all(b.shape == (2, 2) for b in bs)
