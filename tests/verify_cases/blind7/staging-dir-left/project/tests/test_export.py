import os
import numpy as np
from export import export_arrays

def test_export(tmp_path):
    names = export_arrays(str(tmp_path), {"w": np.ones(2), "b": np.zeros(1)})
    assert names == ["b", "w"]
    assert np.load(os.path.join(tmp_path, "w.npy")).tolist() == [1.0, 1.0]
