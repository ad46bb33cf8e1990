import numpy as np
from ckpt import save_private

def test_roundtrip(tmp_path):
    p = save_private(str(tmp_path), "w", np.arange(3.0))
    assert np.load(p).tolist() == [0.0, 1.0, 2.0]
