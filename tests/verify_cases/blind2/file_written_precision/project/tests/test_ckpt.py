import json
import os

import numpy as np

from ckpt import save


def test_save_writes_files(tmp_path):
    params = {"w": np.linspace(0.0, 1.0, 7).reshape(1, 7), "b": np.array([[1.0 / 3.0]])}
    meta = save(str(tmp_path / "ck"), params, 12)
    assert meta == {"step": 12, "keys": ["b", "w"]}
    assert sorted(os.listdir(tmp_path / "ck")) == ["b.txt", "meta.json", "w.txt"]
    assert json.load(open(tmp_path / "ck" / "meta.json"))["step"] == 12
