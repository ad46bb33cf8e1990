import numpy as np
from pkg.core import save


def test_roundtrip(tmp_path):
    p = save(tmp_path / "w.npy", np.array([0.1, 0.2], dtype=np.float32))
    assert np.allclose(np.load(p), [0.1, 0.2], atol=1e-2)
