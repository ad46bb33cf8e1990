import os
import numpy as np
from ckpt import save_and_link

def test_latest(tmp_path):
    save_and_link(str(tmp_path), 1, np.zeros(2))
    save_and_link(str(tmp_path), 2, np.ones(2))
    assert np.load(os.path.join(tmp_path, "latest")).tolist() == [1.0, 1.0]
