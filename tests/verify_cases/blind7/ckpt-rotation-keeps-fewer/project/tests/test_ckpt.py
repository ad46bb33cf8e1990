import numpy as np
from ckpt import save_checkpoint

def test_rotation(tmp_path):
    for s in range(5):
        p = save_checkpoint(str(tmp_path), s, np.full(3, float(s)))
    assert np.load(p).tolist() == [4.0, 4.0, 4.0]
